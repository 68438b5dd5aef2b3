import { describe, expect, it } from 'vitest';
import lvValidation from '../../locales/lv/validation.json';
import ruValidation from '../../locales/ru/validation.json';
import { VALIDATION_MESSAGE_KEYS, createApplicationSchema, fieldErrorKeys } from '../../domain/application.ts';
import type { ValidationMessageKey } from '../../domain/application.ts';
import { validApplication } from '../../tests/fixtures/application.ts';

/**
 * Every rule of the application schema, with the words the applicant reads in Latvian and Russian
 * (spec section 5 for the messages it names; the others are the product's own).
 */

const today = () => new Date('2026-11-21T12:00:00Z');
const schema = createApplicationSchema(today);

const lv: Record<string, string> = lvValidation;
const ru: Record<string, string> = ruValidation;

type Texts = { lv: string; ru: string };

/** The exact texts, written out here so a change of wording in a locale file fails a test. */
const M: Record<ValidationMessageKey, Texts> = {
  required: { lv: 'Lūdzu, ievadiet datus', ru: 'Пожалуйста, введите данные' },
  enterFirstname: { lv: 'Ievadiet savu vārdu', ru: 'Введите ваше имя' },
  enterLastname: { lv: 'Ievadiet savu uzvārdu', ru: 'Введите вашу фамилию' },
  enterPersonalCode: { lv: 'Ievadiet savu personas kodu', ru: 'Введите ваш персональный код' },
  enterEmail: { lv: 'Ievadiet savu e-pasta adresi', ru: 'Введите адрес вашей электронной почты' },
  enterPhone: { lv: 'Ievadiet savu tālruņa numuru', ru: 'Введите ваш номер телефона' },
  answerSpouse: {
    lv: 'Norādiet, vai jums ir laulātais vai partneris',
    ru: 'Укажите, есть ли у вас супруг(а) или партнёр',
  },
  answerDependents: { lv: 'Norādiet, vai jums ir apgādājamie', ru: 'Укажите, есть ли у вас иждивенцы' },
  answerLiabilities: {
    lv: 'Norādiet, vai jums ir citi kredīti vai finanšu saistības',
    ru: 'Укажите, есть ли у вас другие кредиты или финансовые обязательства',
  },
  answerPep: {
    lv: 'Norādiet, vai esat politiski nozīmīga persona',
    ru: 'Укажите, являетесь ли вы политически значимым лицом',
  },
  answerDataSharing: {
    lv: 'Norādiet, vai piekrītat datu nodošanai no VSAA',
    ru: 'Укажите, согласны ли вы на передачу данных из ГАСС',
  },
  enterLiabilities: {
    lv: 'Norādiet kopējos ikmēneša kredītu maksājumus eiro',
    ru: 'Укажите общую сумму ежемесячных платежей по кредитам в евро',
  },
  enterPosition: { lv: 'Norādiet savu amatu', ru: 'Укажите вашу должность' },
  selectDependents: { lv: 'Izvēlieties apgādājamo skaitu', ru: 'Выберите количество иждивенцев' },
  enterDateOfBirth: {
    lv: 'Norādiet dzimšanas datumu: gadu, mēnesi un dienu',
    ru: 'Укажите дату рождения: год, месяц и день',
  },
  selectEmploymentDuration: {
    lv: 'Izvēlieties, cik ilgi tiek saņemti šie ienākumi',
    ru: 'Выберите, как долго поступает этот доход',
  },
  selectOtherIncome: { lv: 'Izvēlieties, kādi ir citi ienākumi', ru: 'Выберите, какой это доход' },
  nameTooLong: {
    lv: 'Vārds un uzvārds nedrīkst būt garāks par 50 rakstzīmēm',
    ru: 'Имя и фамилия должны быть не длиннее 50 символов',
  },
  selectPurpose: { lv: 'Izvēlieties kredīta mērķi', ru: 'Выберите цель кредита' },
  purposeText: { lv: 'Kredīta mērķis norādīts nepareizi', ru: 'Цель кредита указана неверно' },
  onlyLetters: { lv: 'Atļauti tikai burti', ru: 'Допускаются только буквы' },
  lenders: {
    lv: 'Izvēlieties vismaz vienu aizdevēju, kam nosūtīt pieteikumu',
    ru: 'Выберите хотя бы одного кредитора, которому отправить заявку',
  },
  phone: { lv: 'Tālruņa numurs ievadīts nepareizi', ru: 'Номер телефона введён неверно' },
  email: { lv: 'E-pasts ievadīts nepareizi', ru: 'Электронная почта введена неверно' },
  personalCode: { lv: 'Nederīgs personas kods', ru: 'Неверный персональный код' },
  nameLength: {
    lv: 'Vārdam un uzvārdam jābūt vismaz 2 burtiem, un tajos drīkst būt tikai burti',
    ru: 'Имя и фамилия должны содержать не менее 2 букв и только буквы',
  },
  nameLatin: {
    lv: 'Vārdā un uzvārdā drīkst būt tikai latīņu burti',
    ru: 'Имя и фамилия могут содержать только латинские буквы',
  },
  amountRange: {
    lv: 'Kredīta summai jābūt no 500 līdz 25\u00a0000\u00a0EUR',
    ru: 'Сумма кредита должна быть от 500 до 25\u00a0000\u00a0EUR',
  },
  termRange: { lv: 'Termiņam jābūt no 6 līdz 84 mēnešiem', ru: 'Срок должен быть от 6 до 84 месяцев' },
  income: {
    lv: 'Norādiet ikmēneša ienākumus pēc nodokļu nomaksas eiro',
    ru: 'Укажите ежемесячный доход после уплаты налогов в евро',
  },
  money: { lv: 'Norādiet summu eiro', ru: 'Укажите сумму в евро' },
  smsCode: { lv: 'Ievadiet 6 ciparu kodu no īsziņas', ru: 'Введите 6-значный код из СМС' },
  ageRange: {
    lv: 'Kredītu var pieteikt personas no 18 līdz 85 gadu vecumam',
    ru: 'Подать заявку могут лица в возрасте от 18 до 85 лет',
  },
  dateOfBirth: { lv: 'Dzimšanas datums norādīts nepareizi', ru: 'Дата рождения указана неверно' },
  incomeTypes: { lv: 'Izvēlieties vismaz vienu ienākumu veidu', ru: 'Выберите хотя бы один вид дохода' },
  acceptTerms: {
    lv: 'Lai turpinātu, apstipriniet noteikumus un privātuma politiku',
    ru: 'Чтобы продолжить, подтвердите условия и политику конфиденциальности',
  },
  textCharacters: {
    lv: 'Tekstā ir neatļautas rakstzīmes. Lūdzu, ierakstiet to vēlreiz bez tām',
    ru: 'Текст содержит недопустимые символы. Пожалуйста, введите его заново без них',
  },
  unknownField: { lv: 'Šāds lauks nav paredzēts', ru: 'Такое поле не предусмотрено' },
  invalidValue: { lv: 'Vērtība norādīta nepareizi', ru: 'Значение указано неверно' },
};

/** The texts the applicant reads for an input, by field path, in both languages. */
function messagesOf(input: unknown): Record<string, Texts> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const keys = fieldErrorKeys(result.error);
  return Object.fromEntries(
    Object.entries(keys).map(([path, key]) => [
      path,
      { lv: lv[key] ?? `missing lv ${key}`, ru: ru[key] ?? `missing ru ${key}` },
    ]),
  );
}

const base = validApplication as Record<string, unknown>;
const withFields = (fields: Record<string, unknown>) => ({ ...base, ...fields });
const without = (field: string) => Object.fromEntries(Object.entries(base).filter(([name]) => name !== field));
/** A new-format personal code (no date of birth in it): the age comes from dateOfBirth. */
const NEW_CODE = '325671-23456';

describe('the locale files of the validation messages', () => {
  it('have exactly the same keys in lv and ru, none of them empty', () => {
    expect(Object.keys(lv).sort()).toEqual(Object.keys(ru).sort());
    for (const [key, text] of [...Object.entries(lv), ...Object.entries(ru)]) {
      expect(text.trim(), key).not.toBe('');
    }
  });

  it('have every message key of the schema, and no other', () => {
    for (const key of VALIDATION_MESSAGE_KEYS) {
      expect(lv, key).toHaveProperty(key);
      expect(ru, key).toHaveProperty(key);
    }
    expect(Object.keys(lv).sort()).toEqual([...VALIDATION_MESSAGE_KEYS].sort());
  });

  it('say what this test expects, in both languages', () => {
    for (const key of VALIDATION_MESSAGE_KEYS) {
      expect({ lv: lv[key], ru: ru[key] }, key).toEqual(M[key]);
    }
  });

  it('turn a message the schema does not name into "invalid value"', () => {
    expect(messagesOf(withFields({ incomeTypes: [null] }))).toEqual({ 'incomeTypes.0': M.invalidValue });
    expect(messagesOf(null)).toEqual({ _: M.invalidValue });
  });
});

describe('a complete application', () => {
  it('has no messages', () => {
    expect(messagesOf(validApplication)).toEqual({});
  });
});

describe('required fields (form order 1–16)', () => {
  const missingText = [undefined, null, '', '   '];
  const missingChoice = [undefined, null, 'yes'];

  it.each([
    ['monthlyIncome', [undefined, null, ''], M.income],
    ['amount', [undefined, null, ''], M.amountRange],
    ['incomeTypes', [undefined, null, ''], M.incomeTypes],
    ['firstname', missingText, M.enterFirstname],
    ['lastname', missingText, M.enterLastname],
    ['loanPurpose', [undefined, null, ''], M.selectPurpose],
    ['personalId', missingText, M.enterPersonalCode],
    ['email', missingText, M.enterEmail],
    ['phoneNumber', missingText, M.enterPhone],
    ['hasSpouse', missingChoice, M.answerSpouse],
    ['hasDependents', missingChoice, M.answerDependents],
    ['hasFinancialLiabilities', missingChoice, M.answerLiabilities],
    ['politicalyExposedPerson', missingChoice, M.answerPep],
    ['acceptTerms', [undefined, null, 'true'], M.acceptTerms],
  ] as const)('%s: missing or empty gives its message', (field, values, texts) => {
    expect(messagesOf(without(field))).toEqual({ [field]: texts });
    for (const value of values)
      expect(messagesOf(withFields({ [field]: value })), String(value)).toEqual({ [field]: texts });
  });

  it('monthlyFinancialLiabilities (13): required once the applicant has liabilities', () => {
    expect(messagesOf(withFields({ hasFinancialLiabilities: true }))).toEqual({
      monthlyFinancialLiabilities: M.enterLiabilities,
    });
    expect(messagesOf(withFields({ hasFinancialLiabilities: false }))).toEqual({});
  });

  it('acceptDataSharing (16): may be yes or no', () => {
    expect(messagesOf(withFields({ acceptDataSharing: false }))).toEqual({});
    expect(messagesOf(withFields({ acceptDataSharing: true }))).toEqual({});
    expect(messagesOf(withFields({ acceptDataSharing: 'yes' }))).toEqual({ acceptDataSharing: M.invalidValue });
  });

  it('acceptDataSharing (16): missing asks whether the applicant agrees', () => {
    expect(messagesOf(without('acceptDataSharing'))).toEqual({ acceptDataSharing: M.answerDataSharing });
  });

  it('shows every missing field at once, in form order', () => {
    const messages = messagesOf({ acceptDataSharing: true });
    expect(Object.keys(messages)).toEqual([
      'monthlyIncome',
      'amount',
      'incomeTypes',
      'firstname',
      'lastname',
      'loanPurpose',
      'personalId',
      'email',
      'phoneNumber',
      'hasSpouse',
      'hasDependents',
      'hasFinancialLiabilities',
      'politicalyExposedPerson',
      'acceptTerms',
      'term',
    ]);
    expect(messages.firstname).toEqual(M.enterFirstname);
    expect(messages.phoneNumber).toEqual(M.enterPhone);
    // no question of the form is left with the general "please enter data"
    expect(Object.values(messages)).not.toContainEqual(M.required);
  });
});

describe('loan purpose', () => {
  it('not chosen or unknown: "select the purpose"', () => {
    for (const loanPurpose of ['', 'holiday', 1]) {
      expect(messagesOf(withFields({ loanPurpose }))).toEqual({ loanPurpose: M.selectPurpose });
    }
  });

  it.each(['personalNeeds', 'refinancing', 'buyingCar', 'houseRepair', 'realEstateLoan', 'business'])(
    '%s needs no purpose text',
    (loanPurpose) => {
      expect(messagesOf(withFields({ loanPurpose }))).toEqual({});
    },
  );

  it('"other" needs a purpose text of at least 3 characters with letters in it', () => {
    for (const loanPurposeText of [undefined, '', '   ', 'ab', '  ab  ', '123', '1 a', 'x'.repeat(201)]) {
      expect(messagesOf(withFields({ loanPurpose: 'other', loanPurposeText })), String(loanPurposeText)).toEqual({
        loanPurposeText: M.purposeText,
      });
    }
    for (const loanPurposeText of ['Laivas iegāde', 'Ремонт дачи', 'Kāzas', 'x'.repeat(200)]) {
      expect(messagesOf(withFields({ loanPurpose: 'other', loanPurposeText })), loanPurposeText).toEqual({});
    }
  });
});

describe('first name and last name', () => {
  it.each(['firstname', 'lastname'])('%s: only letters', (field) => {
    for (const name of ['J4nis', 'Jānis!', 'Jānis_', 'Jānis.', 'Jānis 2', 'Jānis😀', '1']) {
      expect(messagesOf(withFields({ [field]: name })), name).toEqual({ [field]: M.onlyLetters });
    }
  });

  it.each(['firstname', 'lastname'])('%s: at least 2 letters, starting with a letter', (field) => {
    for (const name of ['J', ' J ', 'J-', '-Jānis', "'Anna", '--']) {
      expect(messagesOf(withFields({ [field]: name })), name).toEqual({ [field]: M.nameLength });
    }
  });

  it.each(['firstname', 'lastname'])('%s: at most 50 characters, said as too long', (field) => {
    for (const name of ['A'.repeat(51), 'Anna Marija '.repeat(5)]) {
      expect(messagesOf(withFields({ [field]: name })), name).toEqual({ [field]: M.nameTooLong });
    }
  });

  it.each(['firstname', 'lastname'])('%s: Latin letters only', (field) => {
    for (const name of ['Иванов', 'Я', 'Jāнис', 'Γιάννης']) {
      expect(messagesOf(withFields({ [field]: name })), name).toEqual({ [field]: M.nameLatin });
    }
  });

  it.each(['firstname', 'lastname'])('%s: Latvian and other Latin names pass', (field) => {
    for (const name of [
      'Jo',
      'Jānis',
      'Ģirts',
      'Kalniņa-Ozola',
      "O'Brien",
      'Anna Marija',
      'Žaneta',
      'Łukasz',
      'A'.repeat(50),
    ]) {
      expect(messagesOf(withFields({ [field]: name })), name).toEqual({});
    }
  });
});

describe('phone number', () => {
  it('accepts Latvian mobiles and landlines and the numbers of the listed countries', () => {
    for (const phoneNumber of [
      '+37120000000',
      '+371 2619 8437',
      '0037167012345',
      '26198437',
      '+37061234567',
      '+447700900123',
    ]) {
      expect(messagesOf(withFields({ phoneNumber })), phoneNumber).toEqual({});
    }
  });

  it('gives "phone entered incorrectly" for anything else', () => {
    for (const phoneNumber of [
      '+3711234', // too short
      '+371200000000', // nine digits
      '+37130000000', // neither mobile nor landline
      '+37180000000', // toll-free
      'abc',
      '+0123456789',
      '+3706123456', // Lithuanian, seven digits
      '1'.repeat(25), // over the length limit
    ]) {
      expect(messagesOf(withFields({ phoneNumber })), phoneNumber).toEqual({ phoneNumber: M.phone });
    }
  });
});

describe('e-mail', () => {
  it('accepts ordinary addresses, with spaces around them', () => {
    for (const email of ['janis@example.lv', ' janis@example.lv ', 'janis.berzins+kredits@pasts.example.co.uk']) {
      expect(messagesOf(withFields({ email })), email).toEqual({});
    }
  });

  it('gives "email entered incorrectly" for anything else', () => {
    for (const email of [
      'janis@',
      'janis',
      'janis@example',
      'janis@@example.lv',
      'jānis berziņš@example.lv',
      `${'a'.repeat(250)}@example.lv`,
    ]) {
      expect(messagesOf(withFields({ email })), email).toEqual({ email: M.email });
    }
  });

  it('checks the spouse e-mail the same way when given', () => {
    expect(messagesOf(withFields({ spouseEmail: 'x' }))).toEqual({ spouseEmail: M.email });
    expect(messagesOf(withFields({ spouseEmail: 'liga@example.lv' }))).toEqual({});
  });
});

describe('personal code', () => {
  it('accepts the old format with its check digit, with or without the hyphen', () => {
    for (const personalId of ['010180-15097', '01018015097', ' 010180-15097 ', '290588-10006']) {
      expect(messagesOf(withFields({ personalId })), personalId).toEqual({});
    }
  });

  it('accepts an old-format code whose check digit is 0 (remainder 10 and remainder 0)', () => {
    // (1101 − Σ) mod 11 = 10 → 0: the "weighted sum mod 11 = 1" shortcut wrongly rejects this one
    expect(messagesOf(withFields({ personalId: '010180-10000' }))).toEqual({});
    // (1101 − Σ) mod 11 = 0 → 0
    expect(messagesOf(withFields({ personalId: '221140-10010' }))).toEqual({});
  });

  it('gives "invalid personal code" for a wrong check digit, date, century or shape', () => {
    for (const personalId of [
      '010180-15098', // check digit
      '010180-10001', // check digit (the right one is 0)
      '310280-10002', // 31 February
      '290289-10006', // 29 February of a common year
      '010180-35097', // century digit 3
      '010180-1509', // ten digits
      '010180-150977', // twelve digits
      '0101-8015097', // hyphen in the wrong place
      '3125671-2345', // new format must start 32–39
      '305671-23456', // new format must start 32–39
      'abcdef-ghijk',
      '1'.repeat(21), // over the length limit
    ]) {
      expect(messagesOf(withFields({ personalId })), personalId).toEqual({ personalId: M.personalCode });
    }
  });

  it('accepts the new format 32–39 without a check digit (the date of birth comes from the form)', () => {
    for (const personalId of ['325671-23456', '32567123456', '399999-99999', '320000-00000', '325671-23457']) {
      expect(messagesOf(withFields({ personalId, dateOfBirth: '1990-05-01' })), personalId).toEqual({});
    }
  });
});

describe('age 18 to 85 (the test runs on 21 November 2026)', () => {
  it('from an old-format code: the message is on the personal code', () => {
    expect(messagesOf(withFields({ personalId: '211108-20003' }))).toEqual({}); // 18 today
    expect(messagesOf(withFields({ personalId: '221108-20008' }))).toEqual({ personalId: M.ageRange }); // 18 tomorrow
    expect(messagesOf(withFields({ personalId: '221140-10002' }))).toEqual({}); // 85, 86 tomorrow
    expect(messagesOf(withFields({ personalId: '211140-10008' }))).toEqual({ personalId: M.ageRange }); // 86 today
    expect(messagesOf(withFields({ personalId: '211141-10009' }))).toEqual({}); // 85 today
  });

  it('from dateOfBirth with a new-format code: the message is on the date of birth', () => {
    const age = (dateOfBirth: string) => messagesOf(withFields({ personalId: NEW_CODE, dateOfBirth }));
    expect(age('2008-11-21')).toEqual({});
    expect(age('2008-11-22')).toEqual({ dateOfBirth: M.ageRange });
    expect(age('2010-05-01')).toEqual({ dateOfBirth: M.ageRange });
    expect(age('1940-11-22')).toEqual({});
    expect(age('1940-11-21')).toEqual({ dateOfBirth: M.ageRange });
    expect(age('2030-01-01')).toEqual({ dateOfBirth: M.ageRange });
    expect(age('1988-02-29')).toEqual({});
  });

  it('a new-format code needs the date of birth', () => {
    expect(messagesOf(withFields({ personalId: NEW_CODE }))).toEqual({ dateOfBirth: M.enterDateOfBirth });
  });

  it('a date of birth must be a real date written YYYY-MM-DD', () => {
    for (const dateOfBirth of ['1989-02-29', '1990-13-01', '01.05.1990', '1990-5-1', '', 19900501]) {
      expect(messagesOf(withFields({ personalId: NEW_CODE, dateOfBirth })), String(dateOfBirth)).toEqual({
        dateOfBirth: M.dateOfBirth,
      });
    }
  });

  it('a date of birth that contradicts an old-format code is wrong; one that agrees is fine', () => {
    expect(messagesOf(withFields({ dateOfBirth: '1981-01-01' }))).toEqual({ dateOfBirth: M.dateOfBirth });
    expect(messagesOf(withFields({ dateOfBirth: '1980-01-01' }))).toEqual({});
  });
});

describe('amount and term', () => {
  it('amount: whole euros from 500 to 25 000', () => {
    for (const amount of [500, 750, 12000, 25000])
      expect(messagesOf(withFields({ amount })), String(amount)).toEqual({});
    for (const amount of [499, 25001, 0, -500, 1000.5, Number.NaN, Number.POSITIVE_INFINITY, '1000']) {
      expect(messagesOf(withFields({ amount })), String(amount)).toEqual({ amount: M.amountRange });
    }
  });

  it('term: whole months from 6 to 84', () => {
    for (const term of [6, 12, 60, 84]) expect(messagesOf(withFields({ term })), String(term)).toEqual({});
    for (const term of [5, 85, 0, 12.5, '60', undefined]) {
      expect(messagesOf(withFields({ term })), String(term)).toEqual({ term: M.termRange });
    }
  });

  it('reports amount and term together', () => {
    expect(messagesOf(withFields({ amount: 499, term: 85 }))).toEqual({ amount: M.amountRange, term: M.termRange });
  });
});

describe('income and liabilities', () => {
  it('monthly income: more than 0', () => {
    for (const monthlyIncome of [0.01, 1, 1800, 1_000_000]) {
      expect(messagesOf(withFields({ monthlyIncome })), String(monthlyIncome)).toEqual({});
    }
    for (const monthlyIncome of [0, -1, 1_000_001, Number.POSITIVE_INFINITY, '1800']) {
      expect(messagesOf(withFields({ monthlyIncome })), String(monthlyIncome)).toEqual({ monthlyIncome: M.income });
    }
  });

  it('monthly liabilities: a sum in euros when the applicant has liabilities', () => {
    const liabilities = (monthlyFinancialLiabilities: unknown) =>
      messagesOf(withFields({ hasFinancialLiabilities: true, monthlyFinancialLiabilities }));
    expect(liabilities(250)).toEqual({});
    expect(liabilities(0)).toEqual({});
    expect(liabilities(undefined)).toEqual({ monthlyFinancialLiabilities: M.enterLiabilities });
    expect(liabilities(-5)).toEqual({ monthlyFinancialLiabilities: M.money });
    expect(liabilities('250')).toEqual({ monthlyFinancialLiabilities: M.money });
  });

  it('the other sums in euros', () => {
    for (const field of [
      'amountRefinance',
      'additionalAmount',
      'otherFinancialLiabilities',
      'monthlyFamilyFinancialLiabilities',
      'otherFamilyFinancialLiabilities',
    ]) {
      expect(messagesOf(withFields({ [field]: 100 })), field).toEqual({});
      expect(messagesOf(withFields({ [field]: -1 })), field).toEqual({ [field]: M.money });
    }
  });
});

describe('dependents and politically exposed persons', () => {
  it('the number of dependents is required when the applicant has dependents', () => {
    expect(messagesOf(withFields({ hasDependents: true }))).toEqual({ numberOfDependents: M.selectDependents });
    expect(messagesOf(withFields({ hasDependents: true, numberOfDependents: '6' }))).toEqual({
      numberOfDependents: M.selectDependents,
    });
    for (const numberOfDependents of ['1', '2', '3', '4', '5', 'moreThan5']) {
      expect(messagesOf(withFields({ hasDependents: true, numberOfDependents })), numberOfDependents).toEqual({});
    }
  });

  it('the political position is required for a politically exposed person', () => {
    expect(messagesOf(withFields({ politicalyExposedPerson: true }))).toEqual({ politicalPosition: M.enterPosition });
    expect(messagesOf(withFields({ politicalyExposedPerson: true, politicalPosition: '   ' }))).toEqual({
      politicalPosition: M.enterPosition,
    });
    expect(messagesOf(withFields({ politicalyExposedPerson: true, politicalPosition: 'Saeimas deputāts' }))).toEqual(
      {},
    );
    expect(messagesOf(withFields({ politicalyExposedPerson: true, politicalPosition: 'x'.repeat(201) }))).toEqual({
      politicalPosition: M.invalidValue,
    });
  });
});

describe('terms', () => {
  it('acceptTerms must be true', () => {
    expect(messagesOf(withFields({ acceptTerms: false }))).toEqual({ acceptTerms: M.acceptTerms });
    expect(messagesOf(withFields({ acceptTerms: true }))).toEqual({});
  });
});

describe('income entries', () => {
  const job = { type: 'fullTimeJob', employmentDuration: 'over12Months' };

  it('at least one entry', () => {
    expect(messagesOf(withFields({ incomeTypes: [] }))).toEqual({ incomeTypes: M.incomeTypes });
    expect(messagesOf(withFields({ incomeTypes: 'fullTimeJob' }))).toEqual({ incomeTypes: M.incomeTypes });
  });

  it('each type at most once', () => {
    expect(messagesOf(withFields({ incomeTypes: [job, { ...job, employmentDuration: 'under3Months' }] }))).toEqual({
      incomeTypes: M.incomeTypes,
    });
    expect(messagesOf(withFields({ incomeTypes: Array.from({ length: 6 }, () => job) }))).toEqual({
      incomeTypes: M.incomeTypes,
    });
    const allFive = [
      job,
      { type: 'statutoryOfficer', employmentDuration: '3to6Months' },
      { type: 'selfEmployment', employmentDuration: 'under12Months' },
      { type: 'militaryPerson', employmentDuration: 'under3Months' },
      { type: 'other', employmentDuration: 'over12Months', typeOfOtherIncome: 'pensioner' },
    ];
    expect(messagesOf(withFields({ incomeTypes: allFive }))).toEqual({});
  });

  it('a known type and an employment duration', () => {
    expect(messagesOf(withFields({ incomeTypes: [{ ...job, type: 'lottery' }] }))).toEqual({
      'incomeTypes.0.type': M.incomeTypes,
    });
    expect(messagesOf(withFields({ incomeTypes: [{ type: 'fullTimeJob' }] }))).toEqual({
      'incomeTypes.0.employmentDuration': M.selectEmploymentDuration,
    });
  });

  it('"other" needs its subtype', () => {
    const other = { type: 'other', employmentDuration: 'under3Months' };
    expect(messagesOf(withFields({ incomeTypes: [job, other] }))).toEqual({
      'incomeTypes.1.typeOfOtherIncome': M.selectOtherIncome,
    });
    expect(messagesOf(withFields({ incomeTypes: [{ ...other, typeOfOtherIncome: 'retired' }] }))).toEqual({
      'incomeTypes.0.typeOfOtherIncome': M.selectOtherIncome,
    });
    for (const typeOfOtherIncome of [
      'businessman',
      'maternityLeave',
      'workingAbroad',
      'student',
      'pensioner',
      'other',
    ]) {
      expect(
        messagesOf(withFields({ incomeTypes: [{ ...other, typeOfOtherIncome, timeUntilEndOrStart: '4to6Months' }] })),
        typeOfOtherIncome,
      ).toEqual({});
    }
  });
});

describe('all messages at once', () => {
  it('every wrong field has its own message in both languages', () => {
    expect(
      messagesOf(
        withFields({
          firstname: 'J',
          lastname: 'Иванов',
          personalId: '010180-15098',
          email: 'janis@',
          phoneNumber: '+3711234',
          loanPurpose: '',
          hasFinancialLiabilities: true,
          politicalyExposedPerson: true,
          hasDependents: true,
          acceptTerms: false,
          amount: 100,
          term: 100,
          monthlyIncome: 0,
          incomeTypes: [],
        }),
      ),
    ).toEqual({
      monthlyIncome: M.income,
      amount: M.amountRange,
      incomeTypes: M.incomeTypes,
      firstname: M.nameLength,
      lastname: M.nameLatin,
      loanPurpose: M.selectPurpose,
      personalId: M.personalCode,
      email: M.email,
      phoneNumber: M.phone,
      acceptTerms: M.acceptTerms,
      term: M.termRange,
      monthlyFinancialLiabilities: M.enterLiabilities,
      politicalPosition: M.enterPosition,
      numberOfDependents: M.selectDependents,
    });
  });
});
