// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { applicationMachine, type WorkflowError } from '../../../../machines/application-machine.ts';
import type { SubmitApplicationAnswer, SubmitApplicationBody } from '../../../../domain/api.ts';
import type { Language } from '../../../../domain/language.ts';
import { createTestActor, deferred, renderWithWorkflow, TEST_TOKEN } from '../test-support.tsx';
import { DRAFT_KEY } from './application-draft.ts';
import { EnteringEssenceScreen } from './EnteringEssenceScreen.tsx';
import { loadValidation } from './load-validation.ts';

interface Submission {
  readonly body: SubmitApplicationBody;
  readonly idempotencyKey: string;
}

const ANSWER: SubmitApplicationAnswer = { token: TEST_TOKEN, expiresAt: '2026-12-22T10:00:00.000Z' };

/** A submitApplication actor that records what the machine sent and answers with `answer`. */
function recording(answer: (attempt: number) => Promise<SubmitApplicationAnswer> = async () => ANSWER) {
  const submissions: Submission[] = [];
  const submitApplication = fromPromise<SubmitApplicationAnswer, Submission>(async ({ input }) => {
    submissions.push(input);
    return answer(submissions.length);
  });
  return { submissions, submitApplication };
}

/** What a person sees, in each language. */
const WORDS = {
  lv: {
    monthlyIncome: 'Ikmēneša ienākumi pēc nodokļu nomaksas, EUR',
    amount: 'Kredīta summa',
    term: 'Termiņš',
    incomeTypes: 'Jūsu ienākumu veidi',
    fullTimeJob: 'Darbs pēc darba līguma',
    otherIncome: 'Citi ienākumi',
    fullTimeDuration: 'Darbs pēc darba līguma: cik ilgi saņemat šos ienākumus?',
    otherDuration: 'Citi ienākumi: cik ilgi saņemat šos ienākumus?',
    over12: 'Vairāk nekā 12 mēnešus',
    under3: 'Mazāk nekā 3 mēnešus',
    typeOfOtherIncome: 'Kādi ir citi ienākumi?',
    student: 'Students',
    pensioner: 'Pensionārs',
    timeUntil: 'Pēc cik ilga laika plānojat sākt vai atsākt strādāt? (nav obligāti)',
    after3Months: 'Pēc 3 mēnešiem',
    firstname: 'Vārds',
    lastname: 'Uzvārds',
    loanPurpose: 'Kredīta mērķis',
    personalNeeds: 'Personīgām vajadzībām',
    refinancing: 'Kredītu apvienošana (pārkreditācija)',
    otherPurpose: 'Cits mērķis',
    realEstate: 'Nekustamā īpašuma iegāde',
    amountRefinance: 'Pārkreditējamā summa, EUR (nav obligāti)',
    additionalAmount: 'Papildu summa, EUR (nav obligāti)',
    loanPurposeText: 'Aprakstiet kredīta mērķi',
    personalId: 'Personas kods',
    dateOfBirth: 'Dzimšanas datums',
    year: 'Gads',
    month: 'Mēnesis',
    day: 'Diena',
    email: 'E-pasts',
    phone: 'Tālruņa numurs',
    country: 'Valsts',
    lithuania: 'Lietuva +370',
    latvia: 'Latvija +371',
    britain: 'Apvienotā Karaliste +44',
    hasSpouse: 'Vai esat precējies vai dzīvojat kopā ar partneri?',
    spouseEmail: 'Laulātā vai partnera e-pasts (nav obligāti)',
    spouseOffer: 'Vai sūtīt piedāvājumus arī laulātajam vai partnerim? (nav obligāti)',
    spouseIncomeTypes: 'Laulātā vai partnera ienākumu veidi (nav obligāti)',
    hasDependents: 'Vai jums ir apgādājamie?',
    numberOfDependents: 'Apgādājamo skaits',
    ownsProperty: 'Vai jums pieder nekustamais īpašums? (nav obligāti)',
    hasFinancialLiabilities: 'Vai jums ir citi kredīti vai finanšu saistības?',
    monthlyFinancialLiabilities: 'Kopējie ikmēneša kredītu maksājumi, EUR',
    otherFinancialLiabilities: 'Citas ikmēneša finanšu saistības, EUR (nav obligāti)',
    pep: 'Vai esat politiski nozīmīga persona?',
    pepTip: 'Kas ir politiski nozīmīga persona?',
    politicalPosition: 'Jūsu amats',
    acceptTerms:
      'Esmu iepazinies(-usies) ar lietošanas noteikumiem un privātuma politiku, piekrītu tiem un apliecinu, ka sniegtā informācija ir patiesa',
    acceptDataSharing:
      'Piekrītu, ka mani dati no Valsts sociālās apdrošināšanas aģentūras (VSAA) datubāzes tiek nodoti sadarbības partneriem kredītspējas izvērtēšanai',
    acceptDirectMarketing: 'Vēlos saņemt piedāvājumus un jaunumus e-pastā un īsziņās (nav obligāti)',
    emailNotices:
      'Sūtīt man e-pastus par šo pieteikumu: apstiprinājumu ar saiti, ar kuru to turpināt, ziņas par piedāvājumiem un līgumu (nav obligāti)',
    smsNotices: 'Sūtīt man īsziņu, kad piedāvājumi ir gatavi (nav obligāti)',
    emailNoticesDescription:
      'Šīs ziņas par jūsu pieteikumu sūtām pēc noklusējuma, jo tās ir daļa no pakalpojuma, ko pieprasāt. No tām varat atteikties, noņemot šo atzīmi, ar saiti katras vēstules beigās vai sadaļā “Mans profils”.',
    termsLink: /^Lietošanas noteikumi\s*\(atveras jaunā cilnē\)$/,
    privacyLink: /^Privātuma politika\s*\(atveras jaunā cilnē\)$/,
    termsHref: '/noteikumi',
    privacyHref: '/konfidencialitates-politika',
    yes: 'Jā',
    no: 'Nē',
    submit: 'Nosūtīt pieteikumu',
    heading: 'Meklējam labāko kredītu',
    required: 'Lūdzu, ievadiet datus',
    enterFirstname: 'Ievadiet savu vārdu',
    nameTooLong: 'Vārds un uzvārds nedrīkst būt garāks par 50 rakstzīmēm',
    enterLastname: 'Ievadiet savu uzvārdu',
    enterPersonalCode: 'Ievadiet savu personas kodu',
    enterEmail: 'Ievadiet savu e-pasta adresi',
    enterPhone: 'Ievadiet savu tālruņa numuru',
    answerSpouse: 'Norādiet, vai jums ir laulātais vai partneris',
    answerDependents: 'Norādiet, vai jums ir apgādājamie',
    answerLiabilities: 'Norādiet, vai jums ir citi kredīti vai finanšu saistības',
    answerPep: 'Norādiet, vai esat politiski nozīmīga persona',
    enterDateOfBirth: 'Norādiet dzimšanas datumu: gadu, mēnesi un dienu',
    errorSummary: 'Ir problēma',
    loanSummary: 'Pieprasītais kredīts',
    summaryAmount: 'Summa',
    summaryTerm: 'Termiņš',
    summaryPurpose: 'Mērķis',
    months24: '24 mēneši',
    income: 'Norādiet ikmēneša ienākumus pēc nodokļu nomaksas eiro',
    incomeTypesMessage: 'Izvēlieties vismaz vienu ienākumu veidu',
    selectPurpose: 'Izvēlieties kredīta mērķi',
    acceptTermsMessage: 'Lai turpinātu, apstipriniet noteikumus un privātuma politiku',
    personalCode: 'Nederīgs personas kods',
    phoneMessage: 'Tālruņa numurs ievadīts nepareizi',
    sendFailed: 'Pieteikumu neizdevās nosūtīt. Lūdzu, mēģiniet vēlreiz — ievadītie dati ir saglabāti.',
    rateLimited: 'Pārāk daudz pieprasījumu. Lūdzu, uzgaidiet mazliet un mēģiniet vēlreiz',
    months84: '84 mēneši',
    months60: '60 mēnešu',
    // on a phone one phrase, the term in the dative after "uz"
    loan60: /^5\s?000\s€ uz 60 mēnešiem$/,
    loan24: /^12\s000\s€ uz 24 mēnešiem/,
  },
  ru: {
    monthlyIncome: 'Ежемесячный доход после уплаты налогов, EUR',
    amount: 'Сумма кредита',
    term: 'Срок',
    incomeTypes: 'Ваши виды дохода',
    fullTimeJob: 'Работа по трудовому договору',
    otherIncome: 'Другой доход',
    fullTimeDuration: 'Работа по трудовому договору: как долго вы получаете этот доход?',
    otherDuration: 'Другой доход: как долго вы получаете этот доход?',
    over12: 'Более 12 месяцев',
    under3: 'Менее 3 месяцев',
    typeOfOtherIncome: 'Какой это доход?',
    student: 'Студент',
    pensioner: 'Пенсионер',
    timeUntil: 'Через какое время вы планируете начать или возобновить работу? (необязательно)',
    after3Months: 'Через 3 месяца',
    firstname: 'Имя',
    lastname: 'Фамилия',
    loanPurpose: 'Цель кредита',
    personalNeeds: 'Личные нужды',
    refinancing: 'Объединение кредитов (рефинансирование)',
    otherPurpose: 'Другая цель',
    realEstate: 'Покупка недвижимости',
    amountRefinance: 'Сумма для рефинансирования, EUR (необязательно)',
    additionalAmount: 'Дополнительная сумма, EUR (необязательно)',
    loanPurposeText: 'Опишите цель кредита',
    personalId: 'Персональный код',
    dateOfBirth: 'Дата рождения',
    year: 'Год',
    month: 'Месяц',
    day: 'День',
    email: 'Электронная почта',
    phone: 'Номер телефона',
    country: 'Страна',
    lithuania: 'Литва +370',
    latvia: 'Латвия +371',
    britain: 'Великобритания +44',
    hasSpouse: 'Вы состоите в браке или живёте с партнёром?',
    spouseEmail: 'Электронная почта супруга или партнёра (необязательно)',
    spouseOffer: 'Отправлять предложения также супругу или партнёру? (необязательно)',
    spouseIncomeTypes: 'Виды дохода супруга или партнёра (необязательно)',
    hasDependents: 'Есть ли у вас иждивенцы?',
    numberOfDependents: 'Количество иждивенцев',
    ownsProperty: 'Есть ли у вас недвижимость в собственности? (необязательно)',
    hasFinancialLiabilities: 'Есть ли у вас другие кредиты или финансовые обязательства?',
    monthlyFinancialLiabilities: 'Общая сумма ежемесячных платежей по кредитам, EUR',
    otherFinancialLiabilities: 'Другие ежемесячные финансовые обязательства, EUR (необязательно)',
    pep: 'Являетесь ли вы политически значимым лицом?',
    pepTip: 'Кто такое политически значимое лицо?',
    politicalPosition: 'Ваша должность',
    acceptTerms:
      'Я ознакомился(-ась) с правилами использования и политикой конфиденциальности, согласен(-на) с ними и подтверждаю, что предоставленные данные верны',
    acceptDataSharing:
      'Я согласен(-на), чтобы мои данные из базы Государственного агентства социального страхования (ГАСС) передавались партнёрам для оценки кредитоспособности',
    acceptDirectMarketing: 'Хочу получать предложения и новости по электронной почте и в СМС (необязательно)',
    emailNotices:
      'Присылать мне письма об этой заявке: подтверждение со ссылкой, чтобы продолжить, вести о предложениях и договоре (необязательно)',
    smsNotices: 'Присылать СМС, когда предложения готовы (необязательно)',
    emailNoticesDescription:
      'Эти письма о вашей заявке мы присылаем по умолчанию: они часть услуги, которую вы запрашиваете. Отказаться от них можно, сняв эту отметку, по ссылке в конце каждого письма или в личном кабинете.',
    termsLink: /^Правила использования\s*\(откроется в новой вкладке\)$/,
    privacyLink: /^Политика конфиденциальности\s*\(откроется в новой вкладке\)$/,
    termsHref: '/ru/pravila',
    privacyHref: '/ru/politika-privatnosti',
    yes: 'Да',
    no: 'Нет',
    submit: 'Отправить заявку',
    heading: 'Ищем лучший кредит',
    required: 'Пожалуйста, введите данные',
    enterFirstname: 'Введите ваше имя',
    nameTooLong: 'Имя и фамилия должны быть не длиннее 50 символов',
    enterLastname: 'Введите вашу фамилию',
    enterPersonalCode: 'Введите ваш персональный код',
    enterEmail: 'Введите адрес вашей электронной почты',
    enterPhone: 'Введите ваш номер телефона',
    answerSpouse: 'Укажите, есть ли у вас супруг(а) или партнёр',
    answerDependents: 'Укажите, есть ли у вас иждивенцы',
    answerLiabilities: 'Укажите, есть ли у вас другие кредиты или финансовые обязательства',
    answerPep: 'Укажите, являетесь ли вы политически значимым лицом',
    enterDateOfBirth: 'Укажите дату рождения: год, месяц и день',
    errorSummary: 'Возникла проблема',
    loanSummary: 'Запрашиваемый кредит',
    summaryAmount: 'Сумма',
    summaryTerm: 'Срок',
    summaryPurpose: 'Цель',
    months24: '24 месяца',
    income: 'Укажите ежемесячный доход после уплаты налогов в евро',
    incomeTypesMessage: 'Выберите хотя бы один вид дохода',
    selectPurpose: 'Выберите цель кредита',
    acceptTermsMessage: 'Чтобы продолжить, подтвердите условия и политику конфиденциальности',
    personalCode: 'Неверный персональный код',
    phoneMessage: 'Номер телефона введён неверно',
    sendFailed: 'Не удалось отправить заявку. Пожалуйста, попробуйте ещё раз — введённые данные сохранены.',
    rateLimited: 'Слишком много запросов. Пожалуйста, подождите немного и попробуйте снова',
    months84: '84 месяца',
    months60: '60 месяцев',
    loan60: /^5\s000\s€ на 60 месяцев$/,
    loan24: /^12\s000\s€ на 24 месяца/,
  },
} as const;
type Words = (typeof WORDS)[Language];

const textbox = (name: string) => screen.getByRole('textbox', { name });
const selectBox = (name: string) => screen.getByRole('combobox', { name });
const radiogroup = (name: string) => screen.getByRole('radiogroup', { name });

/** Picks an option, by its text or its value. */
async function choose(user: UserEvent, label: string, option: string) {
  await user.selectOptions(selectBox(label), option);
}

async function answer(user: UserEvent, question: string, yes: boolean, w: Words) {
  await user.click(within(radiogroup(question)).getByRole('radio', { name: yes ? w.yes : w.no }));
}

async function typeInto(user: UserEvent, name: string, text: string) {
  await user.click(textbox(name));
  await user.paste(text);
}

/** Everything a valid application needs, with the fewest answers. */
async function fillValid(user: UserEvent, w: Words, { phone = true } = {}) {
  await typeInto(user, w.monthlyIncome, '1500');
  await user.click(screen.getByRole('checkbox', { name: w.fullTimeJob }));
  await choose(user, w.fullTimeDuration, w.over12);
  await typeInto(user, w.firstname, 'Jānis');
  await typeInto(user, w.lastname, 'Bērziņš');
  await choose(user, w.loanPurpose, w.personalNeeds);
  await typeInto(user, w.personalId, '010180-15097');
  await typeInto(user, w.email, 'janis@example.lv');
  if (phone) {
    await user.click(textbox(w.phone));
    await user.keyboard('20000000');
  }
  await answer(user, w.hasSpouse, false, w);
  await answer(user, w.hasDependents, false, w);
  await answer(user, w.hasFinancialLiabilities, false, w);
  await answer(user, w.pep, false, w);
  await user.click(screen.getByRole('checkbox', { name: w.acceptTerms }));
}

const submitButton = (w: Words) => screen.getByRole('button', { name: w.submit });

// the schema comes with the person's first move (load-validation.ts); here it is in memory before the first test
// types, as it is in a browser long before anyone has left a field
beforeAll(() => loadValidation());

beforeEach(() => {
  window.sessionStorage.clear();
});

describe.each(['lv', 'ru'] as const)('the application form in %s', (language) => {
  const w = WORDS[language];

  function setup(options: Parameters<typeof createTestActor>[0] = {}) {
    const user = userEvent.setup();
    // renderWithWorkflow starts an actor only when it is not "active", which a created actor already is
    const actor = createTestActor({ language, ...options });
    actor.start();
    const { unmount } = renderWithWorkflow(<EnteringEssenceScreen />, { actor, language });
    return { user, actor, unmount };
  }

  it('shows every field of the first step with its label in the page language', () => {
    setup();
    expect(screen.getByRole('heading', { level: 1, name: w.heading })).toBeInTheDocument();
    for (const name of [w.monthlyIncome, w.firstname, w.lastname, w.personalId, w.email, w.phone]) {
      expect(textbox(name)).toBeInTheDocument();
    }
    expect(selectBox(w.amount)).toHaveDisplayValue(/^5\s?000\s€$/);
    expect(selectBox(w.term)).toHaveDisplayValue(w.months60);
    expect(selectBox(w.loanPurpose)).toBeInTheDocument();
    expect(selectBox(w.country)).toHaveDisplayValue(w.latvia);
    expect(screen.getByRole('group', { name: w.incomeTypes })).toBeInTheDocument();
    for (const question of [w.hasSpouse, w.hasDependents, w.ownsProperty, w.hasFinancialLiabilities, w.pep]) {
      const group = radiogroup(question);
      // both answers unchosen at the start
      expect(within(group).getByRole('radio', { name: w.yes })).not.toBeChecked();
      expect(within(group).getByRole('radio', { name: w.no })).not.toBeChecked();
    }
    for (const consent of [w.acceptTerms, w.acceptDataSharing, w.acceptDirectMarketing, w.smsNotices]) {
      expect(screen.getByRole('checkbox', { name: consent })).not.toBeChecked();
    }
    // messages about the application come by e-mail unless turned off, and the box says so and how to stop them
    const emailNotices = screen.getByRole('checkbox', { name: w.emailNotices });
    expect(emailNotices).toBeChecked();
    expect(emailNotices).toHaveAccessibleDescription(w.emailNoticesDescription);
    expect(submitButton(w)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: w.pepTip })).toBeInTheDocument();
  });

  it('keeps the spec order of the first sixteen fields', () => {
    setup();
    const order = [
      textbox(w.monthlyIncome),
      selectBox(w.amount),
      selectBox(w.term),
      screen.getByRole('group', { name: w.incomeTypes }),
      textbox(w.firstname),
      textbox(w.lastname),
      selectBox(w.loanPurpose),
      textbox(w.personalId),
      textbox(w.email),
      textbox(w.phone),
      radiogroup(w.hasSpouse),
      radiogroup(w.hasDependents),
      radiogroup(w.hasFinancialLiabilities),
      radiogroup(w.pep),
      screen.getByRole('checkbox', { name: w.acceptTerms }),
      screen.getByRole('checkbox', { name: w.acceptDataSharing }),
    ];
    for (let index = 1; index < order.length; index += 1) {
      const previous = order[index - 1] as HTMLElement;
      expect(previous.compareDocumentPosition(order[index] as HTMLElement) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(
        Node.DOCUMENT_POSITION_FOLLOWING,
      );
    }
  });

  it('has no English words, also in the lists and the hidden labels', () => {
    setup();
    // in the relevant group and again among all countries
    expect(within(selectBox(w.country)).getAllByRole('option', { name: w.lithuania })).toHaveLength(2);
    const english =
      /\b(select|choose|yes|submit|required|dismiss|optional|please|enter|the|and|of|loan|income|phone|country)\b/i;
    expect(document.body.textContent).not.toMatch(english);
    const labels = [...document.querySelectorAll('[aria-label]')].map((element) => element.getAttribute('aria-label'));
    for (const label of labels) expect(label).not.toMatch(english);
  });

  it('keeps a name that is too long as typed and says it is too long', async () => {
    const { user } = setup();
    const firstname = textbox(w.firstname);
    await user.click(firstname);
    await user.paste('A'.repeat(60));
    await user.tab();
    // nothing cut off without a word: the person sees what they pasted and why it is refused
    expect(firstname).toHaveValue('A'.repeat(60));
    expect(firstname).toHaveAccessibleDescription(w.nameTooLong);
  });

  it('shows a required field’s own message once the person leaves it', async () => {
    const { user } = setup();
    const firstname = textbox(w.firstname);
    await user.click(firstname);
    expect(screen.queryByText(w.enterFirstname)).not.toBeInTheDocument();
    await user.tab();
    const message = screen.getByText(w.enterFirstname);
    expect(firstname).toHaveAttribute('aria-invalid', 'true');
    expect(firstname).toHaveAccessibleDescription(w.enterFirstname);
    expect(message).toBeVisible();
    // no summary before a submission: the message stands beside its field only
    expect(screen.queryByRole('heading', { name: w.errorSummary })).not.toBeInTheDocument();

    await user.click(firstname);
    await user.keyboard('Anna');
    expect(firstname).not.toHaveAttribute('aria-invalid');
    expect(firstname).not.toHaveAccessibleDescription(expect.stringContaining(w.enterFirstname));
  });

  it('sums up every error of an empty form at its top, focused, a link to each field with its own message', async () => {
    const { user, actor } = setup();
    await user.click(submitButton(w));
    const heading = screen.getByRole('heading', { level: 2, name: w.errorSummary });
    const summary = heading.closest<HTMLElement>('.error-summary');
    expect(summary).toHaveFocus();
    expect(within(summary as HTMLElement).getByRole('alert')).toContainElement(heading);
    // at the top of the form, before its first field
    const form = document.querySelector('form') as HTMLFormElement;
    expect(form.firstElementChild).toBe(summary);

    const links = within(summary as HTMLElement).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      w.income,
      w.incomeTypesMessage,
      w.enterFirstname,
      w.enterLastname,
      w.selectPurpose,
      w.enterPersonalCode,
      w.enterEmail,
      w.enterPhone,
      w.answerSpouse,
      w.answerDependents,
      w.answerLiabilities,
      w.answerPep,
      w.acceptTermsMessage,
    ]);
    // no question is left with the general "please enter data"
    expect(screen.queryByText(w.required)).not.toBeInTheDocument();
    for (const link of links) expect(document.querySelector(link.getAttribute('href') ?? '')).not.toBeNull();
    expect(textbox(w.monthlyIncome)).toHaveAccessibleDescription(expect.stringContaining(w.income));
    expect(radiogroup(w.hasSpouse)).toHaveAttribute('aria-invalid', 'true');
    expect(radiogroup(w.hasSpouse)).toHaveAccessibleDescription(expect.stringContaining(w.answerSpouse));
    expect(actor.getSnapshot().matches({ enteringEssence: 'editing' })).toBe(true);

    // a link takes the focus to its field: the input, a group's first answer, a tick box
    await user.click(within(summary as HTMLElement).getByRole('link', { name: w.enterLastname }));
    expect(textbox(w.lastname)).toHaveFocus();
    await user.click(within(summary as HTMLElement).getByRole('link', { name: w.answerDependents }));
    expect(within(radiogroup(w.hasDependents)).getByRole('radio', { name: w.yes })).toHaveFocus();
    await user.click(within(summary as HTMLElement).getByRole('link', { name: w.selectPurpose }));
    expect(selectBox(w.loanPurpose)).toHaveFocus();
    await user.click(within(summary as HTMLElement).getByRole('link', { name: w.acceptTermsMessage }));
    expect(screen.getByRole('checkbox', { name: w.acceptTerms })).toHaveFocus();
    // by keyboard too, and the address stays the wizard's
    within(summary as HTMLElement)
      .getByRole('link', { name: w.income })
      .focus();
    await user.keyboard('{Enter}');
    expect(textbox(w.monthlyIncome)).toHaveFocus();
    expect(window.location.hash).toBe('');

    // what is corrected leaves the summary at once; nothing typed is lost
    await user.paste('1500');
    await typeInto(user, w.firstname, 'Jānis');
    expect(within(summary as HTMLElement).queryByRole('link', { name: w.income })).not.toBeInTheDocument();
    expect(within(summary as HTMLElement).queryByRole('link', { name: w.enterFirstname })).not.toBeInTheDocument();
    expect(within(summary as HTMLElement).getByRole('link', { name: w.enterLastname })).toBeInTheDocument();
    expect(textbox(w.monthlyIncome)).toHaveValue('1500');
    expect(textbox(w.firstname)).toHaveValue('Jānis');

    // the next submission focuses the summary again, now with what is left
    await user.click(screen.getByRole('checkbox', { name: w.fullTimeJob }));
    await choose(user, w.fullTimeDuration, w.over12);
    await typeInto(user, w.lastname, 'Bērziņš');
    await choose(user, w.loanPurpose, w.personalNeeds);
    await typeInto(user, w.personalId, '010180-15097');
    await typeInto(user, w.email, 'janis@example.lv');
    await user.click(textbox(w.phone));
    await user.keyboard('20000000');
    await user.click(submitButton(w));
    const again = screen.getByRole('heading', { level: 2, name: w.errorSummary }).closest('.error-summary');
    expect(again).toHaveFocus();
    expect(within(again as HTMLElement).getAllByRole('link')[0]).toHaveTextContent(w.answerSpouse);

    // all answered: the summary is gone
    await answer(user, w.hasSpouse, false, w);
    await answer(user, w.hasDependents, false, w);
    await answer(user, w.hasFinancialLiabilities, false, w);
    await answer(user, w.pep, false, w);
    await user.click(screen.getByRole('checkbox', { name: w.acceptTerms }));
    expect(screen.queryByRole('heading', { name: w.errorSummary })).not.toBeInTheDocument();
  });

  it('sums up the requested loan and follows the amount, the term and the purpose', async () => {
    const { user } = setup();
    const summary = screen.getByRole('region', { name: w.loanSummary });
    const value = (term: string) =>
      within(summary).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent ?? '';
    // Intl's grouping, with a no-break space (Latvian groups from five digits): "12 000 €" never breaks inside
    expect(value(w.summaryAmount)).toMatch(/^5[\u00a0\u202f]?000[\u00a0\u202f]€$/);
    expect(value(w.summaryTerm)).toBe(w.months60);
    expect(within(summary).queryByText(w.summaryPurpose)).not.toBeInTheDocument();
    const phrase = () => summary.querySelector('.loan-summary__phrase')?.textContent ?? '';
    expect(phrase()).toMatch(w.loan60);
    // first in the page's order, before the form, and nothing in it takes the focus
    expect(summary.compareDocumentPosition(document.querySelector('form') as Node)).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(summary.querySelector('a, button, input, select, [tabindex]')).toBeNull();

    await user.selectOptions(selectBox(w.amount), '12000');
    await user.selectOptions(selectBox(w.term), '24');
    await choose(user, w.loanPurpose, w.personalNeeds);
    expect(value(w.summaryAmount)).toMatch(/^12[\u00a0\u202f]000[\u00a0\u202f]€$/);
    expect(value(w.summaryTerm)).toBe(w.months24);
    expect(value(w.summaryPurpose)).toBe(w.personalNeeds);
    expect(phrase()).toMatch(w.loan24);
    expect(phrase()).toContain(w.personalNeeds);
  });

  it('shows and hides the follow-up fields with their answers', async () => {
    const { user } = setup();
    const absent = (name: string) => expect(screen.queryByRole('textbox', { name })).not.toBeInTheDocument();

    absent(w.spouseEmail);
    await answer(user, w.hasSpouse, true, w);
    expect(textbox(w.spouseEmail)).toBeInTheDocument();
    expect(radiogroup(w.spouseOffer)).toBeInTheDocument();
    expect(screen.getByRole('group', { name: w.spouseIncomeTypes })).toBeInTheDocument();
    await answer(user, w.hasSpouse, false, w);
    absent(w.spouseEmail);
    expect(screen.queryByRole('radiogroup', { name: w.spouseOffer })).not.toBeInTheDocument();

    await answer(user, w.hasDependents, true, w);
    await choose(user, w.numberOfDependents, language === 'lv' ? 'Vairāk nekā 5' : 'Более 5');
    await answer(user, w.hasDependents, false, w);
    expect(screen.queryByRole('combobox', { name: w.numberOfDependents })).not.toBeInTheDocument();

    absent(w.monthlyFinancialLiabilities);
    await answer(user, w.hasFinancialLiabilities, true, w);
    expect(textbox(w.monthlyFinancialLiabilities)).toBeInTheDocument();
    expect(textbox(w.otherFinancialLiabilities)).toBeInTheDocument();
    await answer(user, w.hasFinancialLiabilities, false, w);
    absent(w.monthlyFinancialLiabilities);

    absent(w.politicalPosition);
    await answer(user, w.pep, true, w);
    expect(textbox(w.politicalPosition)).toBeInTheDocument();
    await answer(user, w.pep, false, w);
    absent(w.politicalPosition);

    await choose(user, w.loanPurpose, w.refinancing);
    expect(textbox(w.amountRefinance)).toBeInTheDocument();
    expect(textbox(w.additionalAmount)).toBeInTheDocument();
    absent(w.loanPurposeText);
    await choose(user, w.loanPurpose, w.otherPurpose);
    absent(w.amountRefinance);
    expect(textbox(w.loanPurposeText)).toBeInTheDocument();
  });

  it('explains a politically exposed person in a toggletip reached by keyboard', async () => {
    const { user } = setup();
    const tip = screen.getByRole('button', { name: w.pepTip });
    within(radiogroup(w.pep)).getByRole('radio', { name: w.no }).focus();
    // from the question's answers, Tab reaches the tip's button
    await user.tab();
    expect(tip).toHaveFocus();
    const explanation = language === 'lv' ? /nozīmīgu publisku amatu/ : /важную публичную должность/;
    expect(screen.getByText(explanation)).not.toBeVisible();
    expect(tip).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{Enter}');
    expect(tip).toHaveAttribute('aria-expanded', 'true');
    const note = screen.getByRole('note', { name: w.pepTip });
    expect(note).toHaveTextContent(explanation);
    expect(tip).toHaveAttribute('aria-controls', note.id);
    await user.keyboard('{Escape}');
    expect(screen.getByText(explanation)).not.toBeVisible();
    expect(tip).toHaveFocus();
  });

  it('sends the chosen income types as entries in priority order, and only the fields that apply', async () => {
    const { submissions, submitApplication } = recording();
    const { user, actor } = setup({ actors: { submitApplication } });
    window.sessionStorage.setItem('utm_source', 'google');
    window.sessionStorage.setItem('publisherId', 'bad id!');
    await fillValid(user, w);
    // "other" first: the list still goes in priority order
    await user.click(screen.getByRole('checkbox', { name: w.otherIncome }));
    await choose(user, w.otherDuration, w.under3);
    await choose(user, w.typeOfOtherIncome, w.student);
    await choose(user, w.timeUntil, w.after3Months);
    await user.click(screen.getByRole('checkbox', { name: w.acceptDataSharing }));
    await user.click(submitButton(w));

    await waitFor(() => expect(actor.getSnapshot().matches('choosingMethod')).toBe(true));
    expect(submissions).toHaveLength(1);
    const [{ body, idempotencyKey }] = submissions as [Submission];
    expect(idempotencyKey).toMatch(/^[A-Za-z0-9_-]{16,128}$/);
    expect(body).toEqual({
      language,
      tracking: { utm_source: 'google' },
      application: {
        monthlyIncome: 1500,
        amount: 5000,
        term: 60,
        incomeTypes: [
          { type: 'fullTimeJob', employmentDuration: 'over12Months' },
          {
            type: 'other',
            employmentDuration: 'under3Months',
            typeOfOtherIncome: 'student',
            timeUntilEndOrStart: '3Months',
          },
        ],
        firstname: 'Jānis',
        lastname: 'Bērziņš',
        loanPurpose: 'personalNeeds',
        personalId: '010180-15097',
        email: 'janis@example.lv',
        phoneNumber: '+37120000000',
        hasSpouse: false,
        hasDependents: false,
        hasFinancialLiabilities: false,
        politicalyExposedPerson: false,
        acceptTerms: true,
        acceptDataSharing: true,
        acceptDirectMarketing: false,
        emailNotices: true,
        smsNotices: false,
        excludedLenders: [],
      },
    });
  });

  it('sends the answers of the follow-up fields', async () => {
    const { submissions, submitApplication } = recording();
    const { user, actor } = setup({ actors: { submitApplication } });
    await fillValid(user, w);
    await choose(user, w.amount, '12000');
    await choose(user, w.term, w.months84);
    await choose(user, w.loanPurpose, w.refinancing);
    await typeInto(user, w.amountRefinance, '3 000,50');
    await answer(user, w.hasSpouse, true, w);
    await typeInto(user, w.spouseEmail, 'anna@example.lv');
    await answer(user, w.spouseOffer, true, w);
    const spouseIncome = screen.getByRole('group', { name: w.spouseIncomeTypes });
    await user.click(within(spouseIncome).getByRole('checkbox', { name: w.otherIncome }));
    await user.selectOptions(screen.getByRole('combobox', { name: new RegExp(`^${w.otherIncome}:`) }), w.over12);
    await answer(user, w.hasDependents, true, w);
    await choose(user, w.numberOfDependents, '2');
    await answer(user, w.ownsProperty, true, w);
    await answer(user, w.hasFinancialLiabilities, true, w);
    await typeInto(user, w.monthlyFinancialLiabilities, '250');
    await answer(user, w.pep, true, w);
    await typeInto(user, w.politicalPosition, 'Deputāts');
    await user.click(screen.getByRole('checkbox', { name: w.acceptDirectMarketing }));
    await user.click(screen.getByRole('checkbox', { name: w.emailNotices }));
    await user.click(screen.getByRole('checkbox', { name: w.smsNotices }));
    await user.click(submitButton(w));

    await waitFor(() => expect(actor.getSnapshot().matches('choosingMethod')).toBe(true));
    expect(submissions[0]?.body.application).toMatchObject({
      amount: 12000,
      term: 84,
      loanPurpose: 'refinancing',
      amountRefinance: 3000.5,
      hasSpouse: true,
      spouseEmail: 'anna@example.lv',
      spouseOffer: true,
      spouseIncomeTypes: [{ type: 'other', employmentDuration: 'over12Months' }],
      hasDependents: true,
      numberOfDependents: '2',
      ownsProperty: true,
      hasFinancialLiabilities: true,
      monthlyFinancialLiabilities: 250,
      politicalyExposedPerson: true,
      politicalPosition: 'Deputāts',
      acceptDataSharing: false,
      acceptDirectMarketing: true,
      // the box was on: the click turned e-mails about the application off
      emailNotices: false,
      smsNotices: true,
    });
    expect(submissions[0]?.body.application).not.toHaveProperty('additionalAmount');
    expect(submissions[0]?.body.application).not.toHaveProperty('otherFinancialLiabilities');
    expect(submissions[0]?.body.application).not.toHaveProperty('dateOfBirth');
  });

  it('keeps the +371 prefix, groups the digits 3+3+rest and sends the number normalized', async () => {
    const { submissions, submitApplication } = recording();
    const { user, actor } = setup({ actors: { submitApplication } });
    const phone = textbox(w.phone);
    expect(phone).toHaveValue('+371');
    await user.click(phone);
    await user.keyboard('2 000-00(00)');
    expect(phone).toHaveValue('+371 200 000 00');
    await user.keyboard('9999999');
    // at most 12 digits after the prefix
    expect(phone).toHaveValue('+371 200 000 009999');
    await user.tab();
    expect(phone).toHaveAccessibleDescription(w.phoneMessage);
    await user.clear(phone);
    expect(phone).toHaveValue('+371');
    await user.paste('+44 (0) 7700 900123');
    expect(phone).toHaveValue('+44 770 090 0123');
    expect(selectBox(w.country)).toHaveDisplayValue(w.britain);

    await choose(user, w.country, 'relevant:LT');
    // another country keeps the digits typed
    expect(phone).toHaveValue('+370 770 090 0123');
    await user.clear(phone);
    await user.paste('0037120000000');
    expect(selectBox(w.country)).toHaveDisplayValue(w.latvia);
    expect(phone).toHaveValue('+371 200 000 00');

    await fillValid(user, w, { phone: false });
    await user.click(submitButton(w));
    await waitFor(() => expect(actor.getSnapshot().matches('choosingMethod')).toBe(true));
    expect(submissions[0]?.body.application.phoneNumber).toBe('+37120000000');
  });

  it('sends a Latvian number typed with its prefix as +371 and the digits', async () => {
    const { submissions, submitApplication } = recording();
    const { user, actor } = setup({ actors: { submitApplication } });
    await fillValid(user, w);
    const phone = textbox(w.phone);
    await user.clear(phone);
    await user.paste('+371 26 123 456');
    expect(phone).toHaveValue('+371 261 234 56');
    await user.click(submitButton(w));
    await waitFor(() => expect(actor.getSnapshot().matches('choosingMethod')).toBe(true));
    expect(submissions[0]?.body.application.phoneNumber).toBe('+37126123456');
  });

  it('asks for the date of birth of a new-format personal code and sends it composed', async () => {
    const { submissions, submitApplication } = recording();
    const { user, actor } = setup({ actors: { submitApplication } });
    await fillValid(user, w);
    expect(screen.queryByRole('group', { name: w.dateOfBirth })).not.toBeInTheDocument();
    await user.clear(textbox(w.personalId));
    await user.paste('32999912345');
    const group = await screen.findByRole('group', { name: w.dateOfBirth });

    // adults only: the newest year is 18 years back, the list is 90 years long
    const year = within(group).getByRole('combobox', { name: w.year });
    const month = within(group).getByRole('combobox', { name: w.month });
    const day = within(group).getByRole('combobox', { name: w.day });
    const choices = (select: HTMLElement) =>
      within(select)
        .getAllByRole('option')
        .filter((option) => !(option as HTMLOptionElement).disabled)
        .map((option) => option.textContent);
    const newest = new Date().getUTCFullYear() - 18;
    const years = choices(year);
    expect(years).toHaveLength(90);
    expect(years[0]).toBe(String(newest));
    expect(years.at(-1)).toBe(String(newest - 89));
    expect(choices(month)).toEqual(['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12']);
    await user.selectOptions(year, '1992');
    await user.selectOptions(day, '31');
    await user.selectOptions(month, '02');
    // 31 February does not exist: the day is asked again
    await user.click(submitButton(w));
    const summary = screen.getByRole('heading', { level: 2, name: w.errorSummary }).closest('.error-summary');
    expect(summary).toHaveFocus();
    await user.click(within(summary as HTMLElement).getByRole('link', { name: w.enterDateOfBirth }));
    expect(year).toHaveFocus();
    expect(group).toHaveAccessibleDescription(expect.stringContaining(w.enterDateOfBirth));
    expect(choices(day)).toHaveLength(29);
    await user.selectOptions(day, '29');

    await user.click(submitButton(w));
    await waitFor(() => expect(actor.getSnapshot().matches('choosingMethod')).toBe(true));
    expect(submissions[0]?.body.application).toMatchObject({ personalId: '329999-12345', dateOfBirth: '1992-02-29' });
  });

  it('preselects the loan purpose of the link', () => {
    setup({ preselectedPurpose: 'realEstateLoan' });
    expect(selectBox(w.loanPurpose)).toHaveDisplayValue(w.realEstate);
  });

  it('ignores a purpose that is not in the list', () => {
    setup({ preselectedPurpose: 'holiday' });
    expect(selectBox(w.loanPurpose)).toHaveDisplayValue(language === 'lv' ? 'Izvēlieties' : 'Выберите');
  });

  it('snaps the calculator’s amount to the list and clamps its term', () => {
    const actor = createActor(applicationMachine, {
      input: { language, token: null, preselectedAmount: 5200, preselectedTerm: 200 },
    }).start();
    renderWithWorkflow(<EnteringEssenceScreen />, { actor, language });
    expect(selectBox(w.amount)).toHaveDisplayValue(/^5\s?000\s€$/);
    expect(selectBox(w.term)).toHaveDisplayValue(w.months84);
    actor.stop();
  });

  it('shows the server’s field errors beside their fields and in the summary, which takes the focus', async () => {
    const message = w.personalCode;
    const { submissions, submitApplication } = recording(async () => {
      throw { code: 'validation', status: 400, fields: { personalId: message } } satisfies WorkflowError;
    });
    const { user, actor } = setup({ actors: { submitApplication } });
    await fillValid(user, w);
    await user.click(submitButton(w));

    await waitFor(() => expect(actor.getSnapshot().matches({ enteringEssence: 'failed' })).toBe(true));
    const personalId = textbox(w.personalId);
    const summary = screen.getByRole('heading', { level: 2, name: w.errorSummary }).closest('.error-summary');
    await waitFor(() => expect(summary).toHaveFocus());
    expect(
      within(summary as HTMLElement)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([message]);
    expect(personalId).toHaveAttribute('aria-invalid', 'true');
    expect(personalId).toHaveAccessibleDescription(expect.stringContaining(message));
    await user.click(within(summary as HTMLElement).getByRole('link', { name: message }));
    expect(personalId).toHaveFocus();
    expect(submissions).toHaveLength(1);

    // a new code: the server's message no longer applies
    await user.clear(personalId);
    await user.paste('120380-10000');
    expect(screen.queryByText(message)).not.toBeInTheDocument();
  });

  it('keeps the values after a failed submission and resends with the same idempotency key', async () => {
    const { submissions, submitApplication } = recording(async (attempt) => {
      // a code the API's words do not know
      if (attempt <= 3) throw { code: 'somethingUnexpected', status: null } satisfies WorkflowError;
      return ANSWER;
    });
    const { user, actor } = setup({ actors: { submitApplication } });
    await fillValid(user, w);
    await user.click(submitButton(w));

    await waitFor(() => expect(actor.getSnapshot().matches({ enteringEssence: 'error' })).toBe(true));
    expect(await screen.findByRole('alert')).toHaveTextContent(w.sendFailed);
    expect(textbox(w.firstname)).toHaveValue('Jānis');
    expect(textbox(w.monthlyIncome)).toHaveValue('1500');

    await user.click(submitButton(w));
    await waitFor(() => expect(submissions).toHaveLength(2));
    await waitFor(() => expect(actor.getSnapshot().matches({ enteringEssence: 'error' })).toBe(true));
    expect(submissions[1]?.idempotencyKey).toBe(submissions[0]?.idempotencyKey);
    expect(submissions[1]?.body).toEqual(submissions[0]?.body);

    // a changed application is a new submission: a new key
    await user.clear(textbox(w.email));
    await user.paste('janis.berzins@example.lv');
    await user.click(submitButton(w));
    await waitFor(() => expect(submissions).toHaveLength(3));
    expect(submissions[2]?.idempotencyKey).not.toBe(submissions[0]?.idempotencyKey);
    expect(submissions[2]?.idempotencyKey).toMatch(/^[A-Za-z0-9_-]{16,128}$/);

    await waitFor(() => expect(actor.getSnapshot().matches({ enteringEssence: 'error' })).toBe(true));
    await user.click(submitButton(w));
    await waitFor(() => expect(actor.getSnapshot().matches('choosingMethod')).toBe(true));
    expect(submissions[3]?.idempotencyKey).toBe(submissions[2]?.idempotencyKey);
  });

  it('shows the server’s own words for its error, in the page language', async () => {
    const { submitApplication } = recording(async () => {
      // the server's answer carries its message in the language asked for
      throw { code: 'rateLimited', status: 429, message: w.rateLimited } satisfies WorkflowError;
    });
    const { user, actor } = setup({ actors: { submitApplication } });
    await fillValid(user, w);
    await user.click(submitButton(w));
    await waitFor(() => expect(actor.getSnapshot().matches({ enteringEssence: 'error' })).toBe(true));
    expect(await screen.findByRole('alert')).toHaveTextContent(w.rateLimited);
  });

  it('sends once while the submission is on its way, and nothing can be changed meanwhile', async () => {
    const pending = deferred<SubmitApplicationAnswer>();
    const { submissions, submitApplication } = recording(() => pending.promise);
    const { user, actor } = setup({ actors: { submitApplication } });
    await fillValid(user, w);
    await user.click(submitButton(w));
    await waitFor(() => expect(actor.getSnapshot().matches({ enteringEssence: 'submitting' })).toBe(true));
    expect(submitButton(w)).toHaveAttribute('data-pending', 'true');
    await user.click(submitButton(w));
    await user.type(textbox(w.firstname), 'x');
    expect(textbox(w.firstname)).toHaveValue('Jānis');
    expect(submissions).toHaveLength(1);
    await act(async () => pending.resolve(ANSWER));
    await waitFor(() => expect(actor.getSnapshot().matches('choosingMethod')).toBe(true));
  });

  it('links the terms and the privacy policy in a new tab', () => {
    setup();
    const terms = screen.getByRole('link', { name: w.termsLink });
    const privacy = screen.getByRole('link', { name: w.privacyLink });
    expect(terms).toHaveAttribute('href', w.termsHref);
    expect(privacy).toHaveAttribute('href', w.privacyHref);
    for (const link of [terms, privacy]) expect(link).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('checkbox', { name: w.acceptTerms })).toHaveAccessibleDescription(
      expect.stringContaining(language === 'lv' ? 'Lietošanas noteikumi' : 'Правила использования'),
    );
  });

  it('restores the draft after a remount, without the personal code and the income', async () => {
    const first = setup();
    await typeInto(first.user, w.monthlyIncome, '2100');
    await typeInto(first.user, w.firstname, 'Anna');
    await typeInto(first.user, w.personalId, '010180-15097');
    await first.user.click(textbox(w.phone));
    await first.user.keyboard('26123456');
    await answer(first.user, w.hasSpouse, true, w);
    await typeInto(first.user, w.spouseEmail, 'janis@example.lv');
    const income = screen.getByRole('group', { name: w.incomeTypes });
    await first.user.click(within(income).getByRole('checkbox', { name: w.fullTimeJob }));
    await choose(first.user, w.fullTimeDuration, w.over12);
    first.unmount();

    const stored = window.sessionStorage.getItem(DRAFT_KEY) ?? '';
    expect(stored).toContain('Anna');
    expect(stored).not.toContain('010180');
    expect(stored).not.toContain('2100');
    expect(JSON.parse(stored)).not.toHaveProperty('personalId');
    expect(JSON.parse(stored)).not.toHaveProperty('monthlyIncome');

    setup();
    expect(textbox(w.firstname)).toHaveValue('Anna');
    expect(textbox(w.phone)).toHaveValue('+371 261 234 56');
    expect(within(radiogroup(w.hasSpouse)).getByRole('radio', { name: w.yes })).toBeChecked();
    expect(textbox(w.spouseEmail)).toHaveValue('janis@example.lv');
    const restored = screen.getByRole('group', { name: w.incomeTypes });
    expect(within(restored).getByRole('checkbox', { name: w.fullTimeJob })).toBeChecked();
    expect(selectBox(w.fullTimeDuration)).toHaveDisplayValue(w.over12);
    expect(textbox(w.personalId)).toHaveValue('');
    expect(textbox(w.monthlyIncome)).toHaveValue('');
  });
});
