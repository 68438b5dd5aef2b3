import { describe, expect, it } from 'vitest';
import { renderMail, renderSms, type NoticeData, type NoticeKind } from './render.ts';

const KINDS: readonly NoticeKind[] = [
  'received',
  'offersReady',
  'allAnswered',
  'expiryReminder',
  'signed',
  'paid',
  'documentsRequested',
  'callRequested',
  'continueLink',
];
/** the messages after signing link to the account, where the contract's state is */
const AFTER_SIGNING: ReadonlySet<NoticeKind> = new Set(['signed', 'paid']);

const data = (more: Partial<NoticeData> = {}): NoticeData => ({
  firstName: 'Jānis',
  continueUrl: 'https://www.kreditkompass.lv/api/continue?code=abc.def&lang=lv',
  unsubscribeUrl: 'https://www.kreditkompass.lv/e-pasta-atteikums#code=u.v',
  accountUrl: 'https://www.kreditkompass.lv/profils',
  offerCount: 5,
  lenderCount: 16,
  declinedCount: 3,
  expiresAt: '2026-11-26T12:30:00.000Z',
  lenderName: 'Luminor',
  amount: 5000,
  payoutTime: { within: 1, unit: 'workingHours' },
  requestedDocuments: [{ kind: 'bankStatement', months: 6 }],
  documentsDueAt: '2026-12-11T21:59:00.000Z',
  callSlot: '2026-11-30T06:30:00.000Z',
  ...more,
});

describe('the messages of an application', () => {
  it.each(KINDS)('%s: greets by first name, links on, offers to unsubscribe, in both languages', (kind) => {
    for (const language of ['lv', 'ru'] as const) {
      const mail = renderMail(kind, language, data());
      expect(mail.text).toContain('Jānis');
      expect(mail.text).toContain(AFTER_SIGNING.has(kind) ? data().accountUrl : data().continueUrl);
      expect(mail.text).toContain(data().unsubscribeUrl);
      expect(mail.html).toContain(`<html lang="${language}">`);
      expect(mail.html).toContain(`href="${data().unsubscribeUrl}"`);
      // no English words on a Latvian or Russian message
      expect(`${mail.subject} ${mail.text}`).not.toMatch(/\b(offer|click|dear|hello|unsubscribe)\b/i);
      // never a personal code
      expect(`${mail.text} ${mail.html} ${renderSms(kind, language, data())}`).not.toMatch(/\d{6}-\d{5}/);
    }
  });

  it('writes counts with the right plural forms', () => {
    const subject = (language: 'lv' | 'ru', offerCount: number) =>
      renderMail('offersReady', language, data({ offerCount })).subject;
    expect(subject('lv', 1)).toMatch(/1 piedāvājums$/);
    expect(subject('lv', 2)).toMatch(/2 piedāvājumi$/);
    // 0 and 10–20 take the genitive, as the site's own counts do (months_zero: "mēnešu")
    expect(subject('lv', 11)).toMatch(/11 piedāvājumu$/);
    expect(subject('lv', 21)).toMatch(/21 piedāvājums$/);
    expect(subject('lv', 0)).toMatch(/0 piedāvājumu$/);
    expect(subject('ru', 1)).toMatch(/1 предложение$/);
    expect(subject('ru', 2)).toMatch(/2 предложения$/);
    expect(subject('ru', 5)).toMatch(/5 предложений$/);
    expect(subject('ru', 11)).toMatch(/11 предложений$/);
    expect(subject('ru', 21)).toMatch(/21 предложение$/);
    expect(subject('ru', 22)).toMatch(/22 предложения$/);
  });

  it('counts the lenders the application goes to in the dative: "nosūtīsim 13 aizdevējiem", "отправим 13 кредиторам"', () => {
    const text = (language: 'lv' | 'ru', lenderCount: number) =>
      renderMail('received', language, data({ lenderCount })).text;
    expect(text('lv', 13)).toContain('nosūtīsim 13 aizdevējiem,');
    expect(text('lv', 16)).toContain('nosūtīsim 16 aizdevējiem,');
    expect(text('lv', 1)).toContain('nosūtīsim 1 aizdevējam,');
    expect(text('lv', 21)).toContain('nosūtīsim 21 aizdevējam,');
    expect(text('lv', 2)).toContain('nosūtīsim 2 aizdevējiem,');
    expect(text('ru', 13)).toContain('отправим заявку 13 кредиторам,');
    expect(text('ru', 1)).toContain('отправим заявку 1 кредитору,');
    expect(text('ru', 21)).toContain('отправим заявку 21 кредитору,');
  });

  it('names a lender in Latvian beside the word "aizdevējs", which takes the case, never declining the brand', () => {
    const signed = renderMail('signed', 'lv', data({ lenderName: 'Ziemeļu Banka' }));
    expect(signed.subject).toBe('Līgums ar aizdevēju Ziemeļu Banka ir parakstīts');
    expect(signed.text).toContain('Jūs parakstījāt līgumu ar aizdevēju Ziemeļu Banka par');
    expect(renderSms('signed', 'lv', data({ lenderName: 'Ziemeļu Banka' }))).toContain(
      'līgums ar aizdevēju Ziemeļu Banka',
    );
  });

  it('tells the payout: the lender beside its noun, the amount, when a transfer usually arrives, in both languages', () => {
    const lv = renderMail('paid', 'lv', data({ lenderName: 'Ziemeļu Banka' }));
    expect(lv.subject).toBe('Nauda ir izmaksāta');
    expect(lv.text).toMatch(/Aizdevējs Ziemeļu Banka ir izmaksājis 5\s?000\s€ uz jūsu bankas kontu\./);
    expect(lv.text).toContain('vēlākais nākamajā darba dienā');
    const ru = renderMail('paid', 'ru', data({ lenderName: 'Ziemeļu Banka' }));
    expect(ru.subject).toBe('Деньги выплачены');
    expect(ru.text).toMatch(/Кредитор Ziemeļu Banka перечислил 5\s000\s€ на ваш банковский счёт\./);
  });

  it('tells the signed contract’s lender, amount and the time in Riga', () => {
    expect(renderMail('signed', 'lv', data()).text).toMatch(/Luminor par 5\s?000\s€/);
    expect(renderMail('signed', 'ru', data()).text).toMatch(/Luminor на 5\s000\s€/);
    expect(renderMail('expiryReminder', 'lv', data()).text).toContain('26.11.2026 14:30');
  });

  it('escapes what it interpolates into HTML', () => {
    const mail = renderMail('received', 'lv', data({ firstName: '<script>alert(1)</script>' }));
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
  });

  it('keeps an SMS short and linked', () => {
    const sms = renderSms('offersReady', 'ru', data());
    expect(sms).toContain(data().continueUrl);
    expect(sms.length).toBeLessThanOrEqual(140);
  });

  it('says the chosen lender’s payout time from its configuration in the signed message and its SMS, in the right case', () => {
    const signed = (language: 'lv' | 'ru', payoutTime: NoticeData['payoutTime']) => ({
      text: renderMail('signed', language, data({ payoutTime })).text,
      sms: renderSms('signed', language, data({ payoutTime })),
    });
    const hours = (within: number) => ({ within, unit: 'workingHours' as const });
    const days = (within: number) => ({ within, unit: 'workingDays' as const });
    expect(signed('lv', hours(1)).text).toContain(
      'naudu parasti izmaksā 1 darba stundas laikā pēc līguma parakstīšanas',
    );
    expect(signed('lv', hours(1)).sms).toContain('Izmaksa parasti 1 darba stundas laikā.');
    expect(signed('lv', hours(2)).text).toContain('2 darba stundu laikā');
    expect(signed('lv', days(1)).text).toContain('1 darba dienas laikā');
    expect(signed('lv', days(3)).sms).toContain('3 darba dienu laikā');
    expect(signed('lv', days(21)).text).toContain('21 darba dienas laikā');
    expect(signed('ru', hours(1)).text).toContain('выплачивает деньги в течение 1 рабочего часа после подписания');
    expect(signed('ru', hours(1)).sms).toContain('Выплата обычно в течение 1 рабочего часа.');
    expect(signed('ru', hours(2)).text).toContain('в течение 2 рабочих часов');
    expect(signed('ru', days(1)).text).toContain('в течение 1 рабочего дня');
    expect(signed('ru', days(5)).sms).toContain('в течение 5 рабочих дней');
    expect(signed('ru', days(21)).text).toContain('в течение 21 рабочего дня');
    // no figure of its own: never the "1-2 working days" no lender said
    for (const language of ['lv', 'ru'] as const) {
      const { text, sms } = signed(language, undefined);
      expect(`${text} ${sms}`).not.toMatch(/1\s*[–-]\s*2/);
    }
    expect(signed('lv', undefined).text).toContain('Par naudas izmaksas laiku jūs informēs aizdevējs.');
    expect(signed('ru', undefined).text).toContain('О сроке выплаты вам сообщит кредитор.');
  });

  it('says the link is personal and valid 30 days only beside a continue link, never beside the account’s plain address', () => {
    for (const language of ['lv', 'ru'] as const) {
      const note = language === 'lv' ? 'Saite ir personīga' : 'Ссылка личная';
      for (const kind of KINDS) {
        const mail = renderMail(kind, language, data());
        const personal = !AFTER_SIGNING.has(kind);
        expect(mail.text.includes(note), `${kind} ${language}`).toBe(personal);
        expect(mail.html.includes(note), `${kind} ${language}`).toBe(personal);
      }
    }
  });

  it('tells in the footer why the message came: the application, not advertising', () => {
    expect(renderMail('received', 'lv', data()).text).toContain('tās ir ziņas par jūsu pieteikumu, nevis reklāma');
    expect(renderMail('received', 'ru', data()).text).toContain('это письма о вашей заявке, а не реклама');
  });
});

describe("the message of a lender's documents request", () => {
  const asked = (more: Partial<NoticeData> = {}) => data({ lenderName: 'Ziemeļu Banka', ...more });

  it('names the lender, what it asks for and the due date in Riga, with the link that opens the request, in Latvian', () => {
    const mail = renderMail('documentsRequested', 'lv', asked());
    expect(mail.subject).toBe('Aizdevējs Ziemeļu Banka lūdz dokumentus');
    expect(mail.text).toContain(
      'Lai izskatītu jūsu pieteikumu, aizdevējs Ziemeļu Banka lūdz iesniegt šādus dokumentus: bankas konta izraksts par pēdējiem 6 mēnešiem.',
    );
    expect(mail.text).toContain('Termiņš: līdz 11.12.2026 23:59.');
    expect(mail.text).toContain(`Iesniegt dokumentus: ${data().continueUrl}`);
    expect(mail.text).toContain('tos saņems tikai šis aizdevējs');
    expect(mail.html).toContain(`href="${data().continueUrl.replaceAll('&', '&amp;')}"`);
    expect(mail.text).toContain('Saite ir personīga');
  });

  it('says the same in Russian', () => {
    const mail = renderMail('documentsRequested', 'ru', asked());
    expect(mail.subject).toBe('Кредитор Ziemeļu Banka просит документы');
    expect(mail.text).toContain(
      'Чтобы рассмотреть вашу заявку, кредитор Ziemeļu Banka просит предоставить следующие документы: выписка со счёта за последние 6 месяцев.',
    );
    expect(mail.text).toContain('Срок — до 11.12.2026 23:59.');
    expect(mail.text).toContain(`Загрузить документы: ${data().continueUrl}`);
    expect(mail.text).toContain('их получит только этот кредитор');
  });

  it('lists every item: the kinds in the language, the months in the right form, the lender’s own words', () => {
    const requestedDocuments = [
      { kind: 'bankStatement' as const, months: 3 },
      { kind: 'incomeProof' as const },
      { kind: 'employmentContract' as const },
      { kind: 'businessIncome' as const },
      { kind: 'other' as const, text: 'VID deklarācija par 2025. gadu' },
    ];
    expect(renderMail('documentsRequested', 'lv', asked({ requestedDocuments })).text).toContain(
      'šādus dokumentus: bankas konta izraksts par pēdējiem 3 mēnešiem; izziņa par ienākumiem; darba līguma kopija; saimnieciskās darbības ienākumu apliecinājums; VID deklarācija par 2025. gadu.',
    );
    const ru = requestedDocuments.map((item) => (item.kind === 'other' ? { ...item, text: 'Декларация СГД' } : item));
    expect(renderMail('documentsRequested', 'ru', asked({ requestedDocuments: ru })).text).toContain(
      'следующие документы: выписка со счёта за последние 3 месяца; справка о доходах; копия трудового договора; подтверждение доходов от хозяйственной деятельности; Декларация СГД.',
    );
    const months = (language: 'lv' | 'ru', count: number) =>
      renderMail(
        'documentsRequested',
        language,
        asked({ requestedDocuments: [{ kind: 'bankStatement', months: count }] }),
      ).text;
    expect(months('lv', 1)).toContain('izraksts par pēdējo mēnesi.');
    expect(months('lv', 12)).toContain('izraksts par pēdējiem 12 mēnešiem.');
    expect(months('lv', 21)).toContain('izraksts par pēdējo 21 mēnesi.');
    expect(months('ru', 1)).toContain('счёта за последний месяц.');
    expect(months('ru', 12)).toContain('счёта за последние 12 месяцев.');
    expect(months('ru', 24)).toContain('счёта за последние 24 месяца.');
    expect(months('ru', 21)).toContain('счёта за последний 21 месяц.');
  });

  it('sends a short SMS with the lender, the due date and the link', () => {
    expect(renderSms('documentsRequested', 'lv', asked())).toBe(
      `Kreditkompass: aizdevējs Ziemeļu Banka lūdz dokumentus līdz 11.12.2026 23:59. Iesniedziet: ${data().continueUrl}`,
    );
    expect(renderSms('documentsRequested', 'ru', asked())).toBe(
      `Kreditkompass: кредитор Ziemeļu Banka просит документы до 11.12.2026 23:59. Загрузить: ${data().continueUrl}`,
    );
  });

  it('escapes the lender’s own words in HTML', () => {
    const mail = renderMail(
      'documentsRequested',
      'lv',
      asked({ requestedDocuments: [{ kind: 'other', text: '<b>izziņa</b> & "cits"' }] }),
    );
    expect(mail.html).not.toContain('<b>izziņa</b>');
    expect(mail.html).toContain('&lt;b&gt;izziņa&lt;/b&gt; &amp; &quot;cits&quot;');
  });
});

describe("a call request's confirmation", () => {
  it('names the slot in Riga time and where to move or cancel it, in Latvian and Russian', () => {
    const lv = renderMail('callRequested', 'lv', data());
    expect(lv.subject).toBe('Konsultants jums piezvanīs: pirmdiena, 30. novembris, 8:30');
    expect(lv.text).toContain('Zvana laiks: pirmdiena, 30. novembris, 8:30 (Rīgas laiks).');
    expect(lv.text).toContain(`Mainīt vai atcelt zvanu: ${data().continueUrl}`);
    const ru = renderMail('callRequested', 'ru', data());
    expect(ru.subject).toBe('Консультант позвонит вам: понедельник, 30 ноября, 8:30');
    expect(ru.text).toContain('Время звонка: понедельник, 30 ноября, 8:30 (по рижскому времени).');
    expect(renderSms('callRequested', 'lv', data())).toBe(
      `Kreditkompass: konsultants jums piezvanīs: pirmdiena, 30. novembris, 8:30. Mainīt vai atcelt: ${data().continueUrl}`,
    );
  });
});
