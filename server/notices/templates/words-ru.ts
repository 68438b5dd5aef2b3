import { company } from '../../../domain/company.ts';
import { slotText } from '../../../domain/consultant-hours.ts';
import type { PayoutTime } from '../../../domain/offer.ts';
import type { NoticeData, NoticeKind, RequestedDocument } from './render.ts';
import { euros, plural, pluralCategory, rigaTime, type FooterWords, type MessageWords } from './words.ts';

const offers = (count: number) =>
  plural('ru', count, { one: 'предложение', few: 'предложения', many: 'предложений', other: 'предложения' });
const lendersDative = (count: number) =>
  plural('ru', count, { one: 'кредитору', few: 'кредиторам', many: 'кредиторам', other: 'кредиторам' });
/** "из N предложений": the genitive after a number */
const ofOffers = (count: number) =>
  plural('ru', count, { one: 'предложения', few: 'предложений', many: 'предложений', other: 'предложений' });
/** "в течение 1 рабочего часа", "2 рабочих часов", "21 рабочего дня": the genitive after "в течение" */
const within = ({ within: count, unit }: PayoutTime) =>
  `в течение ${
    unit === 'workingHours'
      ? plural('ru', count, {
          one: 'рабочего часа',
          few: 'рабочих часов',
          many: 'рабочих часов',
          other: 'рабочего часа',
        })
      : plural('ru', count, { one: 'рабочего дня', few: 'рабочих дней', many: 'рабочих дней', other: 'рабочего дня' })
  }`;
const refusals = (count: number) =>
  plural('ru', count, { one: 'отказ', few: 'отказа', many: 'отказов', other: 'отказа' });

/** "за последние 6 месяцев", "за последние 3 месяца", "за последний 21 месяц" */
const lastMonths = (count: number) => {
  if (count === 1) return 'за последний месяц';
  const category = pluralCategory('ru', count);
  if (category === 'one') return `за последний ${count} месяц`;
  return category === 'few' ? `за последние ${count} месяца` : `за последние ${count} месяцев`;
};

/** What the lender asks for, as the list after "следующие документы:" names it (nominative, lower case). */
const documentRu = (document: RequestedDocument): string => {
  switch (document.kind) {
    case 'bankStatement':
      return document.months ? `выписка со счёта ${lastMonths(document.months)}` : 'выписка со счёта';
    case 'incomeProof':
      return 'справка о доходах';
    case 'employmentContract':
      return 'копия трудового договора';
    case 'businessIncome':
      return 'подтверждение доходов от хозяйственной деятельности';
    case 'other':
      return document.text ?? 'другой документ';
  }
};

function documentsRequestedRu(data: NoticeData): MessageWords {
  const due = data.documentsDueAt ? rigaTime(data.documentsDueAt) : null;
  const list = (data.requestedDocuments ?? []).map(documentRu).join('; ');
  // the brand stands beside the noun, which takes the case
  const lender = data.lenderName ? `кредитор ${data.lenderName}` : 'кредитор';
  return {
    subject: `${data.lenderName ? `Кредитор ${data.lenderName}` : 'Кредитор'} просит документы`,
    paragraphs: [
      `Чтобы рассмотреть вашу заявку, ${lender} просит предоставить следующие документы: ${list}.`,
      `${due ? `Срок — до ${due}. ` : ''}Если документы не поступят вовремя, этот кредитор может не сделать вам предложение.`,
      'Загрузите документы в заявке: их получит только этот кредитор, другие кредиторы их не увидят.',
    ],
    button: 'Загрузить документы',
    sms: `Kreditkompass: ${lender} просит документы${due ? ` до ${due}` : ''}. Загрузить:`,
  };
}

function callRequestedRu(data: NoticeData): MessageWords {
  const slot = data.callSlot ? slotText('ru', data.callSlot) : '';
  return {
    subject: `Консультант позвонит вам: ${slot}`,
    paragraphs: [
      `Спасибо! Консультант позвонит вам на номер телефона, указанный в заявке. Время звонка: ${slot} (по рижскому времени).`,
      'Если время больше не подходит, его можно изменить или отменить звонок в заявке или в разделе «Мой профиль».',
    ],
    button: 'Изменить или отменить звонок',
    sms: `Kreditkompass: консультант позвонит вам: ${slot}. Изменить или отменить:`,
  };
}

export const FOOTER_RU: FooterWords = {
  greeting: (firstName) => `Здравствуйте, ${firstName}!`,
  why: 'Вы получили это письмо, потому что подали заявку на кредит с этим адресом: это письма о вашей заявке, а не реклама. Отписаться можно одним нажатием ниже.',
  unsubscribe: 'Отписаться от писем',
  account: 'Личный кабинет',
  linkNote: 'Ссылка личная и действует 30 дней; не пересылайте её другим.',
  company: `${company.legalName}, рег. № ${company.registrationNumber}, ${company.address}, ${company.phone}, ${company.email}. Лицензия кредитного посредника ${company.licence}.`,
};

export function wordsRu(kind: NoticeKind, data: NoticeData): MessageWords {
  switch (kind) {
    case 'received':
      return {
        subject: 'Ваша заявка на кредит получена',
        paragraphs: [
          'Спасибо, ваша заявка получена.',
          `Следующий шаг — подтвердить личность через интернет-банк, Smart-ID или eParaksts. После этого мы отправим заявку ${lendersDative(data.lenderCount ?? 0)}, и предложения обычно приходят в течение часа.`,
          'Если вы прервались, продолжите с того же места:',
        ],
        button: 'Продолжить заявку',
        sms: 'Kreditkompass: заявка получена. Продолжить:',
      };
    case 'offersReady':
      return {
        subject: `Пришли первые предложения: ${offers(data.offerCount ?? 0)}`,
        paragraphs: [
          `Кредиторы начали отвечать: пока ${offers(data.offerCount ?? 0)}.`,
          'Сравните их, пока они действуют; другие кредиторы ещё могут ответить.',
        ],
        button: 'Посмотреть предложения',
        sms: `Kreditkompass: пришли предложения (${data.offerCount ?? 0}). Смотрите:`,
      };
    case 'allAnswered':
      return {
        subject: 'Все кредиторы ответили',
        paragraphs: [
          `Все кредиторы ответили: ${offers(data.offerCount ?? 0)}${data.declinedCount ? `, ${refusals(data.declinedCount)}` : ''}.`,
          'Выберите подходящее, пока предложения действуют.',
        ],
        button: 'Сравнить предложения',
        sms: 'Kreditkompass: все кредиторы ответили. Смотрите:',
      };
    case 'expiryReminder':
      return {
        subject: 'Лучшее предложение скоро истечёт',
        paragraphs: [
          `Срок лучшего предложения истекает ${data.expiresAt ? rigaTime(data.expiresAt) : 'скоро'}, а вы ещё не выбрали ни одно из ${ofOffers(data.offerCount ?? 0)}.`,
          'Если кредит всё ещё нужен, выберите вовремя.',
        ],
        button: 'Выбрать предложение',
        sms: `Kreditkompass: лучшее предложение истекает ${data.expiresAt ? rigaTime(data.expiresAt) : 'скоро'}. Выбрать:`,
      };
    case 'signed': {
      // the brand stands beside the noun, which takes the case: "с кредитором Ziemeļu Banka"
      const withLender = data.lenderName ? `кредитором ${data.lenderName}` : 'кредитором';
      return {
        subject: `Договор с ${withLender} подписан`,
        paragraphs: [
          `Поздравляем! Вы подписали договор с ${withLender} на ${euros('ru', data.amount ?? 0)}.`,
          data.payoutTime
            ? `Кредитор обычно выплачивает деньги ${within(data.payoutTime)} после подписания договора. Больше от вас ничего не требуется.`
            : 'О сроке выплаты вам сообщит кредитор. Больше от вас ничего не требуется.',
        ],
        button: 'Открыть личный кабинет',
        sms: `Kreditkompass: договор с ${withLender} подписан.${data.payoutTime ? ` Выплата обычно ${within(data.payoutTime)}.` : ''}`,
      };
    }
    case 'paid':
      return {
        subject: 'Деньги выплачены',
        paragraphs: [
          `${data.lenderName ? `Кредитор ${data.lenderName}` : 'Кредитор'} перечислил ${euros('ru', data.amount ?? 0)} на ваш банковский счёт.`,
          'Банковский перевод обычно поступает на ваш счёт в тот же рабочий день, самое позднее — на следующий рабочий день. Сводка кредита и стандартная информация — в вашем личном кабинете.',
        ],
        button: 'Открыть личный кабинет',
        sms: 'Kreditkompass: деньги выплачены.',
      };
    case 'documentsRequested':
      return documentsRequestedRu(data);
    case 'callRequested':
      return callRequestedRu(data);
    case 'continueLink':
      return {
        subject: 'Ссылка для продолжения вашей заявки на кредит',
        paragraphs: [
          'Наш консультант отправил вам ссылку, по которой можно продолжить вашу заявку на кредит.',
          'Она откроет заявку там, где вы остановились.',
        ],
        button: 'Продолжить заявку',
        sms: 'Kreditkompass: ссылка для продолжения заявки:',
      };
  }
}
