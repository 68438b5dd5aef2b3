import { company } from '../../../domain/company.ts';
import { capitalize, pluralRu } from './plural.ts';
import type { CommonWords, Facts, MessageWords, NoticeKind, Wordbook } from './types.ts';

/**
 * The messages in Russian, in the words of the site (locales/ru/screens.json, account.json): «вы» in
 * lower case, the past tense in the plural so it never guesses the reader's gender, the lender named
 * after «кредитор» so its name is never declined.
 */

const offersReceived = (count: number) =>
  pluralRu(count, {
    one: 'получено {{count}} предложение',
    few: 'получено {{count}} предложения',
    many: 'получено {{count}} предложений',
    other: 'получено {{count}} предложения',
  });

/** dative: «отправим заявку 16 кредиторам», «21 кредитору» */
const toLenders = (count: number) =>
  pluralRu(count, {
    one: '{{count}} кредитору',
    few: '{{count}} кредиторам',
    many: '{{count}} кредиторам',
    other: '{{count}} кредиторам',
  });

const lendersDeclined = (count: number) =>
  pluralRu(count, {
    one: '{{count}} кредитор отказал',
    few: '{{count}} кредитора отказали',
    many: '{{count}} кредиторов отказали',
    other: '{{count}} кредитора отказали',
  });

const noneChosen = (count: number) =>
  pluralRu(count, {
    one: 'У вас {{count}} предложение, но вы его ещё не выбрали.',
    few: 'У вас {{count}} предложения, но ни одно из них ещё не выбрано.',
    many: 'У вас {{count}} предложений, но ни одно из них ещё не выбрано.',
    other: 'У вас {{count}} предложения, но ни одно из них ещё не выбрано.',
  });

/** how long a link lasts: «30 дней», «21 день», «2 дня» */
const forDays = (count: number) =>
  pluralRu(count, { one: '{{count}} день', few: '{{count}} дня', many: '{{count}} дней', other: '{{count}} дня' });

const NO_OBLIGATION =
  'Выбор предложения ни к чему не обязывает: обязательства возникают только после подписания договора с кредитором.';
const BRAND = `${company.brand}:`;

const common: CommonWords = {
  greeting: (firstName) => (firstName ? `Здравствуйте, ${firstName}!` : 'Здравствуйте!'),
  buttonFallback: 'Если кнопка не работает, откройте эту ссылку:',
  personalLink: (days) =>
    `Ссылка предназначена только для вас и действует ${forDays(days)}. Пожалуйста, не пересылайте её.`,
  signature: ['С уважением,', `команда ${company.brand}`],
  why: 'Вы получили это письмо, потому что согласились получать сообщения о ходе своей заявки на кредит по электронной почте.',
  settings: 'Настройки сообщений можно изменить в «Личном кабинете».',
  account: 'Личный кабинет',
  unsubscribe: 'Отписаться от писем',
  company: [
    `${company.legalName}, рег. № ${company.registrationNumber}, ${company.address}`,
    `Лицензированный кредитный посредник, лицензия ЦЗПП № ${company.licence}`,
    `Тел. ${company.phone}, эл. почта ${company.email}`,
  ],
};

function message(kind: NoticeKind, facts: Facts): MessageWords {
  switch (kind) {
    case 'received':
      return {
        subject: 'Ваша заявка на кредит получена',
        paragraphs: [
          'Спасибо! Мы получили вашу заявку на кредит.',
          'Следующий шаг — подтвердить личность через интернет-банк, Smart-ID или eParaksts, если это ещё не сделано. Это безопасно и бесплатно.',
          facts.lenders === undefined
            ? 'Как только личность будет подтверждена, мы отправим заявку кредиторам. Предложения обычно приходят в течение часа после идентификации.'
            : `Как только личность будет подтверждена, мы отправим заявку ${toLenders(facts.lenders)}. Предложения обычно приходят в течение часа после идентификации.`,
          'Заявка и сравнение предложений бесплатны и ни к чему не обязывают.',
        ],
        button: 'Продолжить заявку',
        sms: `${BRAND} заявка получена. Продолжить:`,
      };
    case 'offersReady': {
      const received = facts.offers === undefined ? 'получены первые предложения' : offersReceived(facts.offers);
      return {
        subject: `Ваша заявка на кредит: ${received}`,
        paragraphs: [
          `Кредиторы начали отвечать на вашу заявку: пока ${received}.`,
          'Предложения действуют ограниченное время, поэтому сравните их заранее. Остальные кредиторы ещё могут ответить — новые предложения появятся там же.',
          NO_OBLIGATION,
        ],
        button: 'Посмотреть предложения',
        sms: `${BRAND} ${received}. Смотрите:`,
      };
    }
    case 'allAnswered': {
      if (facts.offers === 0) {
        return {
          subject: 'Ваша заявка на кредит: ответили все кредиторы',
          paragraphs: [
            'Все кредиторы ответили на вашу заявку, но, к сожалению, на этот раз ни один не сделал предложения.',
            'Кредиторы принимают решение сами, оценивая, например, доходы, текущие обязательства и кредитную историю. В заявке вы найдёте советы, что делать дальше.',
          ],
          button: 'Открыть заявку',
          sms: `${BRAND} все кредиторы ответили, предложений нет. Подробнее:`,
        };
      }
      const declined = facts.declined ? `; ${lendersDeclined(facts.declined)}` : '';
      const received = facts.offers === undefined ? declined : `: ${offersReceived(facts.offers)}${declined}`;
      return {
        subject: 'Ваша заявка на кредит: ответили все кредиторы',
        paragraphs: [
          `Все кредиторы ответили на вашу заявку${received}.`,
          'Сравните предложения и выберите подходящее, пока они действуют, — договор заключается напрямую с кредитором.',
          NO_OBLIGATION,
        ],
        button: 'Сравнить предложения',
        sms:
          facts.offers === undefined
            ? `${BRAND} все кредиторы ответили. Смотрите:`
            : `${BRAND} все кредиторы ответили, ${offersReceived(facts.offers)}. Смотрите:`,
      };
    }
    case 'expiryReminder':
      return {
        subject: facts.expires
          ? `Напоминание: лучшее предложение действует до ${facts.expires}`
          : 'Напоминание: срок лучшего предложения скоро истечёт',
        paragraphs: [
          facts.expires
            ? `Лучшее предложение по вашей заявке на кредит действует до ${facts.expires} по латвийскому времени.`
            : 'Срок лучшего предложения по вашей заявке на кредит скоро истечёт.',
          ...(facts.offers ? [noneChosen(facts.offers)] : []),
          'Если кредит всё ещё нужен, сравните предложения и выберите вовремя. Если нет, ничего делать не нужно: предложения ни к чему не обязывают.',
        ],
        button: 'Сравнить предложения',
        sms: facts.expires
          ? `${BRAND} лучшее предложение действует до ${facts.expires}. Смотрите:`
          : `${BRAND} срок лучшего предложения скоро истечёт. Смотрите:`,
      };
    case 'signed': {
      const lender = facts.lender ? `кредитором ${facts.lender}` : 'кредитором';
      return {
        subject: capitalize(`договор с ${lender} подписан`),
        paragraphs: [
          facts.amount ? `Договор с ${lender} на ${facts.amount} подписан.` : `Договор с ${lender} подписан.`,
          'Кредитор обычно перечисляет деньги на ваш банковский счёт в течение 1–2 банковских рабочих дней. Вам больше ничего делать не нужно.',
          'В течение 14 дней после заключения договора вы вправе отказаться от него без объяснения причин, сообщив об этом кредитору.',
          'Статус заявки и выплаты видны в «Личном кабинете».',
        ],
        button: 'Открыть личный кабинет',
        sms: `${BRAND} договор подписан. Деньги обычно в течение 1–2 рабочих дней. Личный кабинет:`,
      };
    }
  }
}

export const wordsRu: Wordbook = { common, message };
