import type { Language } from '../../../domain/language.ts';
import { CONTINUE_LINK_DAYS } from '../continue-links.ts';
import { cleanText, factsOf } from './format.ts';
import { mailHtml, mailText, webAddress, type MailContent } from './layout.ts';
import type { NoticeData, NoticeKind, RenderedMail, Wordbook } from './types.ts';
import { wordsLv } from './words-lv.ts';
import { wordsRu } from './words-ru.ts';

export type { NoticeData, NoticeKind, RenderedMail } from './types.ts';

/**
 * The messages of an application in its language: an e-mail (subject, text and HTML) and an SMS.
 * Pure: the words depend on the kind, the language and the data alone. They tell the first name,
 * counts, the lender's name, the amount and a time; nothing else of the person, whatever data holds.
 */

const WORDBOOKS: Record<Language, Wordbook> = { lv: wordsLv, ru: wordsRu };

/** After signing the account shows the contract and the payout; before, the link continues the application. */
const linkOf = (kind: NoticeKind, data: NoticeData): string =>
  webAddress(kind === 'signed' ? data.accountUrl : data.continueUrl);

export function renderMail(kind: NoticeKind, language: Language, data: NoticeData): RenderedMail {
  const wordbook = WORDBOOKS[language];
  const words = wordbook.message(kind, factsOf(language, data));
  const content: MailContent = {
    language,
    firstName: cleanText(data.firstName),
    words,
    common: wordbook.common,
    link: linkOf(kind, data),
    ...(kind === 'signed' ? {} : { personalLinkDays: CONTINUE_LINK_DAYS }),
    accountUrl: webAddress(data.accountUrl),
    unsubscribeUrl: webAddress(data.unsubscribeUrl),
  };
  return { subject: words.subject, text: mailText(content), html: mailHtml(content) };
}

/**
 * One short line and the link: no name, no lender, no amount, as an SMS shows on a locked screen.
 * Both languages need UCS-2 (Latvian diacritics, Cyrillic); the words before a continue link stay within
 * 75 characters, so a link of 65 keeps the SMS within 140.
 */
export function renderSms(kind: NoticeKind, language: Language, data: NoticeData): string {
  const words = WORDBOOKS[language].message(kind, factsOf(language, data));
  return `${words.sms} ${linkOf(kind, data)}`;
}
