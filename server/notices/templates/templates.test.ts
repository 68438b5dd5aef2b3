import { describe, expect, it } from 'vitest';
import { company } from '../../../domain/company.ts';
import type { Language } from '../../../domain/language.ts';
import { pluralLv, pluralRu } from './plural.ts';
import { renderMail, renderSms, type NoticeData, type NoticeKind } from './render.ts';
import { smsSize } from './sms.ts';
import { NOTICE_KINDS } from './types.ts';

const LANGUAGES: readonly Language[] = ['lv', 'ru'];
const COUNTS = [0, 1, 2, 5, 11, 21, 22] as const;

/** A continue code as the server signs it: 22 + 1 + 32 characters of base64url. */
const CODE = 'q83vEjRWeJCrze8SNFZ4kA.Zm9vYmFyYmF6cXV4X19fLS0tZm9vYmFy';
const site = 'https://www.kreditkompass.lv';

const data = (language: Language, more: Partial<NoticeData> = {}): NoticeData => ({
  firstName: 'Jānis',
  continueUrl: `${site}/api/continue?code=${CODE}&lang=${language}`,
  unsubscribeUrl: `${site}${language === 'lv' ? '/e-pasta-atteikums' : '/ru/otpiska'}#code=${CODE}`,
  accountUrl: `${site}${language === 'lv' ? '/profils' : '/ru/profil'}`,
  offerCount: 5,
  lenderCount: 16,
  declinedCount: 3,
  expiresAt: '2026-11-26T12:30:00.000Z',
  lenderName: 'Luminor',
  amount: 5000,
  ...more,
});

/** The address the message's button leads to: the account once the contract is signed. */
const linkOf = (kind: NoticeKind, given: NoticeData) => (kind === 'signed' ? given.accountUrl : given.continueUrl);

/** What a reader of the HTML part sees: no tags, no hidden preview line, entities decoded. */
const visibleText = (html: string) =>
  html
    .replace(/<head>[\s\S]*<\/head>/, '')
    .replace(/<div style="display:none[^"]*">[\s\S]*?<\/div>/, '')
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&');

/** Words in English a Latvian or Russian reader must never meet; addresses are not words. */
const ENGLISH =
  /\b(offers?|click|here|dear|hello|hi|loan|application|account|unsubscribe|your|please|thanks?|button|link|view|signed|lender|expires?|the|and|you)\b/i;
const withoutAddresses = (text: string) => text.replace(/https?:\/\/\S+/g, '').replace(/\S+@\S+/g, '');

describe('every message, in Latvian and Russian', () => {
  for (const language of LANGUAGES) {
    it.each(NOTICE_KINDS)(
      `${language} %s: greets by first name, links on, tells how to stop and who writes`,
      (kind) => {
        const given = data(language);
        const mail = renderMail(kind, language, given);
        const footer =
          language === 'lv'
            ? { greeting: 'Labdien, Jānis!', unsubscribe: 'Atteikties no e-pasta ziņām', account: 'Mans profils' }
            : { greeting: 'Здравствуйте, Jānis!', unsubscribe: 'Отписаться от писем', account: 'Личный кабинет' };

        expect(mail.subject.length).toBeGreaterThan(10);
        expect(mail.subject).not.toContain('\n');
        expect(mail.text.startsWith(`${footer.greeting}\n`)).toBe(true);
        // the address stands on a line of its own, so nothing sticks to it when a mail program links it
        expect(mail.text.split('\n')).toContain(linkOf(kind, given));
        expect(mail.text).toContain(`${footer.unsubscribe}: ${given.unsubscribeUrl}`);
        expect(mail.text).toContain(`${footer.account}: ${given.accountUrl}`);
        for (const line of [
          company.legalName,
          company.registrationNumber,
          company.licence,
          company.phone,
          company.email,
        ]) {
          expect(mail.text).toContain(line);
        }

        const seen = visibleText(mail.html);
        expect(seen).toContain(footer.greeting);
        expect(seen).toContain(mail.subject);
        expect(seen).toContain(company.registrationNumber);
        expect(mail.html).toContain(`<html lang="${language}"`);
        expect(mail.html).toMatch(/<title>[^<]+<\/title>/);
        expect(mail.html).toContain('role="presentation"');
        expect(mail.html).toContain(`href="${linkOf(kind, given).replaceAll('&', '&amp;')}"`);
        expect(mail.html).toMatch(
          new RegExp(`<a href="${escapeRegExp(given.unsubscribeUrl)}"[^>]*>${footer.unsubscribe}</a>`),
        );
        expect(mail.html).toMatch(new RegExp(`<a href="${escapeRegExp(given.accountUrl)}"[^>]*>${footer.account}</a>`));
        // nothing loaded from elsewhere, nothing run
        expect(mail.html).not.toMatch(/<(script|img|link|iframe|style)\b|\bsrc=|\bon[a-z]+=/i);

        for (const words of [mail.subject, mail.text, seen, renderSms(kind, language, given)]) {
          expect(withoutAddresses(words)).not.toMatch(ENGLISH);
        }
        // written in the message's language: Cyrillic in Russian, Latvian letters in Latvian
        expect(mail.subject).toMatch(language === 'ru' ? /[а-яё]/i : /[āčēģīķļņšūž]/i);
      },
    );
  }

  it('button says where it leads, in words a screen reader can read out', () => {
    const buttons = LANGUAGES.flatMap((language) =>
      NOTICE_KINDS.map((kind) => {
        const html = renderMail(kind, language, data(language)).html;
        return /<a href="[^"]*" style="display:inline-block[^"]*">([^<]+)<\/a>/.exec(html)?.[1];
      }),
    );
    expect(buttons).toEqual([
      'Turpināt pieteikumu',
      'Skatīt piedāvājumus',
      'Salīdzināt piedāvājumus',
      'Salīdzināt piedāvājumus',
      'Atvērt Mans profils',
      'Продолжить заявку',
      'Посмотреть предложения',
      'Сравнить предложения',
      'Сравнить предложения',
      'Открыть личный кабинет',
    ]);
  });

  it('keeps the subjects the server tests look for', () => {
    expect(renderMail('received', 'lv', data('lv')).subject).toBe('Jūsu kredīta pieteikums ir saņemts');
    expect(renderMail('received', 'ru', data('ru')).subject).toBe('Ваша заявка на кредит получена');
    expect(renderMail('offersReady', 'ru', data('ru')).subject).toMatch(/предложен/);
  });
});

describe('what each message tells', () => {
  it('received: the next step is identity, then the lenders are asked and offers come within an hour', () => {
    const lv = renderMail('received', 'lv', data('lv')).text;
    expect(lv).toContain('identitātes apstiprināšana ar internetbanku, Smart-ID vai eParakstu');
    expect(lv).toContain('Tiklīdz identitāte būs apstiprināta, pieteikumu nosūtīsim 16 aizdevējiem.');
    expect(lv).toContain('Piedāvājumi parasti pienāk stundas laikā pēc identifikācijas.');
    const ru = renderMail('received', 'ru', data('ru')).text;
    expect(ru).toContain('подтвердить личность через интернет-банк, Smart-ID или eParaksts');
    expect(ru).toContain('Как только личность будет подтверждена, мы отправим заявку 16 кредиторам.');
    expect(ru).toContain('Предложения обычно приходят в течение часа после идентификации.');
    // without a count the sentence still reads
    expect(renderMail('received', 'lv', data('lv', { lenderCount: undefined })).text).toContain(
      'pieteikumu nosūtīsim aizdevējiem.',
    );
  });

  it('offersReady: the offers so far, to compare before they expire', () => {
    const lv = renderMail('offersReady', 'lv', data('lv'));
    expect(lv.subject).toBe('Jūsu kredīta pieteikums: saņemti 5 piedāvājumi');
    expect(lv.text).toContain('līdz šim saņemti 5 piedāvājumi');
    expect(lv.text).toContain('salīdziniet tos laikus');
    const ru = renderMail('offersReady', 'ru', data('ru'));
    expect(ru.subject).toBe('Ваша заявка на кредит: получено 5 предложений');
    expect(ru.text).toContain('пока получено 5 предложений');
    expect(ru.text).toContain('сравните их заранее');
  });

  it('allAnswered: offers and refusals, or honestly none', () => {
    expect(renderMail('allAnswered', 'lv', data('lv')).text).toContain(
      'Visi aizdevēji ir atbildējuši uz jūsu pieteikumu: saņemti 5 piedāvājumi; 3 aizdevēji atteica.',
    );
    expect(renderMail('allAnswered', 'ru', data('ru')).text).toContain(
      'Все кредиторы ответили на вашу заявку: получено 5 предложений; 3 кредитора отказали.',
    );
    // refusals only when told
    expect(renderMail('allAnswered', 'lv', data('lv', { declinedCount: undefined })).text).toContain(
      'pieteikumu: saņemti 5 piedāvājumi.',
    );
    expect(renderMail('allAnswered', 'ru', data('ru', { declinedCount: 0 })).text).toContain(
      'заявку: получено 5 предложений.',
    );
    // nobody offered: no comparing, no "0 offers"
    const none = renderMail('allAnswered', 'lv', data('lv', { offerCount: 0 }));
    expect(none.text).toContain('neviens neizteica piedāvājumu');
    expect(none.text).not.toMatch(/\b0 piedāvājum|Salīdziniet/);
    expect(renderMail('allAnswered', 'ru', data('ru', { offerCount: 0 })).text).toContain(
      'ни один не сделал предложения',
    );
  });

  it('expiryReminder: the time in Riga, in summer and in winter, and that none is chosen', () => {
    const lv = renderMail('expiryReminder', 'lv', data('lv'));
    expect(lv.subject).toBe('Atgādinājums: labākais piedāvājums derīgs līdz 26.11.2026 14:30');
    expect(lv.text).toContain('derīgs līdz 26.11.2026 14:30 pēc Latvijas laika');
    expect(lv.text).toContain('Jums ir 5 piedāvājumi, taču neviens no tiem vēl nav izvēlēts.');
    const ru = renderMail('expiryReminder', 'ru', data('ru'));
    expect(ru.subject).toBe('Напоминание: лучшее предложение действует до 26.11.2026 14:30');
    expect(ru.text).toContain('действует до 26.11.2026 14:30 по латвийскому времени');
    expect(ru.text).toContain('У вас 5 предложений, но ни одно из них ещё не выбрано.');
    // summer time: UTC+3
    expect(renderMail('expiryReminder', 'lv', data('lv', { expiresAt: '2026-07-01T21:05:00Z' })).subject).toContain(
      '02.07.2026 00:05',
    );
    // no time, or no time at all: no "Invalid Date"
    for (const expiresAt of [undefined, 'not a time']) {
      const mail = renderMail('expiryReminder', 'ru', data('ru', { expiresAt }));
      expect(mail.subject).toBe('Напоминание: срок лучшего предложения скоро истечёт');
      expect(mail.text).not.toMatch(/invalid|undefined|NaN/i);
    }
  });

  it('signed: the lender and the amount as the site writes euros, payout in 1–2 banking days, the account', () => {
    const lv = renderMail('signed', 'lv', data('lv'));
    expect(lv.subject).toBe('Līgums ar aizdevēju Luminor ir parakstīts');
    // as src/ui/format.ts writes it: Intl's lv-LV groups from five digits on
    expect(lv.text).toContain('Līgums ar aizdevēju Luminor par 5000\u00a0€ ir parakstīts.');
    expect(lv.text).toContain('parasti izmaksā 1–2 bankas darba dienu laikā. Jums nekas vairs nav jādara.');
    expect(lv.text).toContain('Atvērt Mans profils:\nhttps://www.kreditkompass.lv/profils');
    const ru = renderMail('signed', 'ru', data('ru', { amount: 12500.5 }));
    expect(ru.subject).toBe('Договор с кредитором Luminor подписан');
    expect(ru.text).toMatch(/Договор с кредитором Luminor на 12\s500,50\s€ подписан\./);
    expect(ru.text).toContain('в течение 1–2 банковских рабочих дней. Вам больше ничего делать не нужно.');
    expect(renderMail('signed', 'ru', data('ru')).text).toMatch(/на 5\s000\s€/);
    // nothing about a personal continue link that is not there
    expect(lv.text).not.toContain('30 dienas');
    expect(renderMail('signed', 'lv', data('lv', { lenderName: undefined, amount: undefined })).text).toContain(
      'Līgums ar aizdevēju ir parakstīts.',
    );
  });

  it('tells how long the personal link lasts', () => {
    expect(renderMail('received', 'lv', data('lv')).text).toContain('derīga 30 dienas');
    expect(renderMail('received', 'ru', data('ru')).text).toContain('действует 30 дней');
  });
});

describe('counts in the right plural forms: 0, 1, 2, 5, 11, 21, 22', () => {
  const offersSubject = (language: Language, offerCount: number) =>
    renderMail('offersReady', language, data(language, { offerCount })).subject;

  it('Latvian offers (zero, 10–20 and other: nominative plural, as the site counts offers)', () => {
    expect(COUNTS.map((count) => offersSubject('lv', count).split(': ')[1])).toEqual([
      'saņemti 0 piedāvājumi',
      'saņemts 1 piedāvājums',
      'saņemti 2 piedāvājumi',
      'saņemti 5 piedāvājumi',
      'saņemti 11 piedāvājumi',
      'saņemts 21 piedāvājums',
      'saņemti 22 piedāvājumi',
    ]);
  });

  it('Russian offers (one, few, many)', () => {
    expect(COUNTS.map((count) => offersSubject('ru', count).split(': ')[1])).toEqual([
      'получено 0 предложений',
      'получено 1 предложение',
      'получено 2 предложения',
      'получено 5 предложений',
      'получено 11 предложений',
      'получено 21 предложение',
      'получено 22 предложения',
    ]);
  });

  it('lenders asked, in the dative', () => {
    const asked = (language: Language, lenderCount: number) =>
      /(?:nosūtīsim|заявку) (\d+ \S+)\./u.exec(
        renderMail('received', language, data(language, { lenderCount })).text,
      )?.[1];
    expect(COUNTS.map((count) => asked('lv', count))).toEqual([
      '0 aizdevējiem',
      '1 aizdevējam',
      '2 aizdevējiem',
      '5 aizdevējiem',
      '11 aizdevējiem',
      '21 aizdevējam',
      '22 aizdevējiem',
    ]);
    expect(COUNTS.map((count) => asked('ru', count))).toEqual([
      '0 кредиторам',
      '1 кредитору',
      '2 кредиторам',
      '5 кредиторам',
      '11 кредиторам',
      '21 кредитору',
      '22 кредиторам',
    ]);
  });

  it('lenders who declined, with the verb agreeing', () => {
    const declined = (language: Language, declinedCount: number) =>
      /; (.+)\.\n/.exec(renderMail('allAnswered', language, data(language, { declinedCount })).text)?.[1];
    expect(COUNTS.map((count) => declined('lv', count))).toEqual([
      undefined,
      '1 aizdevējs atteica',
      '2 aizdevēji atteica',
      '5 aizdevēji atteica',
      '11 aizdevēji atteica',
      '21 aizdevējs atteica',
      '22 aizdevēji atteica',
    ]);
    expect(COUNTS.map((count) => declined('ru', count))).toEqual([
      undefined,
      '1 кредитор отказал',
      '2 кредитора отказали',
      '5 кредиторов отказали',
      '11 кредиторов отказали',
      '21 кредитор отказал',
      '22 кредитора отказали',
    ]);
  });

  it('offers none of which is chosen', () => {
    const chosen = (language: Language, offerCount: number) =>
      renderMail('expiryReminder', language, data(language, { offerCount }))
        .text.split('\n')
        .find((line) => /^(Jums ir|У вас)/.test(line));
    expect(chosen('lv', 1)).toBe('Jums ir 1 piedāvājums, taču tas vēl nav izvēlēts.');
    expect(chosen('lv', 21)).toBe('Jums ir 21 piedāvājums, taču tas vēl nav izvēlēts.');
    expect(chosen('lv', 11)).toBe('Jums ir 11 piedāvājumi, taču neviens no tiem vēl nav izvēlēts.');
    expect(chosen('ru', 1)).toBe('У вас 1 предложение, но вы его ещё не выбрали.');
    expect(chosen('ru', 22)).toBe('У вас 22 предложения, но ни одно из них ещё не выбрано.');
    expect(chosen('ru', 5)).toBe('У вас 5 предложений, но ни одно из них ещё не выбрано.');
    // no offers left to count: the sentence is left out rather than "0"
    expect(chosen('lv', 0)).toBeUndefined();
  });

  it('picks every category of both languages', () => {
    const lv = { zero: 'Z{{count}}', one: 'O{{count}}', other: 'X{{count}}' };
    expect(COUNTS.map((count) => pluralLv(count, lv))).toEqual(['Z0', 'O1', 'X2', 'X5', 'Z11', 'O21', 'X22']);
    const ru = { one: 'O{{count}}', few: 'F{{count}}', many: 'M{{count}}', other: 'X{{count}}' };
    expect([...COUNTS, 1.5].map((count) => pluralRu(count, ru))).toEqual([
      'M0',
      'O1',
      'F2',
      'M5',
      'M11',
      'O21',
      'F22',
      'X2',
    ]);
  });
});

describe('safe to send', () => {
  it('escapes the first name and every other value in the HTML, attributes included', () => {
    const given = data('lv', {
      firstName: '<script>alert(1)</script>',
      lenderName: 'A&B "<b>"',
      continueUrl: `${site}/api/continue?code=a"onmouseover="x&lang=lv`,
    });
    for (const kind of NOTICE_KINDS) {
      const { html } = renderMail(kind, 'lv', given);
      expect(html).not.toContain('<script');
      expect(html).not.toContain('<b>');
      expect(html).not.toContain('"onmouseover');
      expect(html).toContain('Labdien, &lt;script&gt;alert(1)&lt;/script&gt;!');
    }
    expect(renderMail('signed', 'lv', given).html).toContain('aizdevēju A&amp;B &quot;&lt;b&gt;&quot;');
    expect(renderMail('received', 'lv', given).html).toContain(
      `href="${site}/api/continue?code=a&quot;onmouseover=&quot;x&amp;lang=lv"`,
    );
  });

  it('links only to web addresses', () => {
    expect(() => renderMail('received', 'lv', data('lv', { continueUrl: 'javascript:alert(1)' }))).toThrow(TypeError);
    expect(() => renderMail('received', 'ru', data('ru', { unsubscribeUrl: '/ru/otpiska' }))).toThrow(TypeError);
    expect(() => renderSms('signed', 'lv', data('lv', { accountUrl: 'data:text/html,x' }))).toThrow(TypeError);
  });

  it('keeps a name to one line: no header or paragraph breaks from data', () => {
    const mail = renderMail('signed', 'ru', data('ru', { firstName: 'Anna\r\nBcc: x', lenderName: 'Lender\nX' }));
    expect(mail.subject).toBe('Договор с кредитором Lender X подписан');
    expect(mail.text.split('\n')[0]).toBe('Здравствуйте, Anna Bcc: x!');
    expect(renderMail('received', 'lv', data('lv', { firstName: '  ' })).text.split('\n')[0]).toBe('Labdien!');
  });

  it('never tells a personal code, an e-mail address, a phone or an income, whatever the data holds', () => {
    const leaky = {
      ...data('lv'),
      firstName: 'Jānis 010180-15097',
      lenderName: 'Luminor 32123456789',
      personalCode: '010180-15097',
      email: 'janis.berzins@example.lv',
      phoneNumber: '+37120000000',
      income: 1850,
    } as NoticeData;
    for (const language of LANGUAGES) {
      for (const kind of NOTICE_KINDS) {
        const given = { ...leaky, ...data(language, { firstName: leaky.firstName, lenderName: leaky.lenderName }) };
        const mail = renderMail(kind, language, given);
        const everything = `${mail.subject}\n${mail.text}\n${mail.html}\n${renderSms(kind, language, given)}`;
        expect(everything).not.toMatch(/\d{6}-\d{5}/);
        // without its hyphen too (the company's registration number has eleven digits of its own)
        expect(everything).not.toMatch(/01018015097|32123456789/);
        expect(everything).not.toContain('janis.berzins');
        expect(everything).not.toContain('20000000');
        expect(everything).not.toContain('1850');
        expect(mail.text).toContain(language === 'lv' ? 'Labdien, Jānis!' : 'Здравствуйте, Jānis!');
      }
    }
  });
});

describe('SMS', () => {
  /** the length of a continue link in the brief's example; the server's own links are longer (see below) */
  const shortLink = (language: Language) =>
    data(language, { continueUrl: `${site}/api/continue?code=abc.def&lang=${language}` });

  for (const language of LANGUAGES) {
    it.each(NOTICE_KINDS)(`${language} %s: brand, a few words, the link; nothing personal`, (kind) => {
      const given = data(language);
      const sms = renderSms(kind, language, given);
      expect(sms.startsWith(`${company.brand}: `)).toBe(true);
      expect(sms.endsWith(` ${linkOf(kind, given)}`)).toBe(true);
      expect(sms).not.toContain('Jānis');
      expect(sms).not.toContain('Luminor');
      expect(sms).not.toMatch(/5\s?000|€/);
      expect(sms).not.toContain('\n');
      if (kind === 'signed') {
        // the account's address is short: the whole SMS fits in two UCS-2 parts
        expect(smsSize(sms).parts).toBe(2);
      } else {
        // the words before the link: short enough that an SMS with a 60-character link stays within 140
        expect(sms.length - linkOf(kind, given).length - 1).toBeLessThanOrEqual(75);
        expect(renderSms(kind, language, shortLink(language)).length).toBeLessThanOrEqual(140);
      }
      // Latvian diacritics and Cyrillic both need UCS-2
      expect(smsSize(sms).encoding).toBe('ucs2');
    });
  }

  it('writes counts and the time in the same forms as the e-mails', () => {
    expect(renderSms('offersReady', 'lv', data('lv', { offerCount: 21 }))).toContain(
      'Kreditkompass: saņemts 21 piedāvājums. Skatiet:',
    );
    expect(renderSms('offersReady', 'ru', data('ru', { offerCount: 2 }))).toContain(
      'Kreditkompass: получено 2 предложения. Смотрите:',
    );
    expect(renderSms('expiryReminder', 'ru', data('ru'))).toContain('действует до 26.11.2026 14:30.');
    expect(renderSms('signed', 'lv', data('lv'))).toBe(
      'Kreditkompass: līgums parakstīts. Nauda parasti 1–2 darba dienās. Mans profils: https://www.kreditkompass.lv/profils',
    );
  });

  it('counts SMS parts as the networks do', () => {
    expect(smsSize('a'.repeat(160))).toEqual({ encoding: 'gsm7', units: 160, parts: 1 });
    expect(smsSize('a'.repeat(161))).toEqual({ encoding: 'gsm7', units: 161, parts: 2 });
    expect(smsSize('€'.repeat(80))).toEqual({ encoding: 'gsm7', units: 160, parts: 1 });
    expect(smsSize('ā'.repeat(70))).toEqual({ encoding: 'ucs2', units: 70, parts: 1 });
    expect(smsSize('я'.repeat(71))).toEqual({ encoding: 'ucs2', units: 71, parts: 2 });
    expect(smsSize('я'.repeat(135))).toEqual({ encoding: 'ucs2', units: 135, parts: 3 });
  });
});

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
