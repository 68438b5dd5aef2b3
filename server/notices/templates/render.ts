import type { DocumentKind } from '../../../domain/documents.ts';
import type { Language } from '../../../domain/language.ts';
import type { PayoutTime } from '../../../domain/offer.ts';
import { FOOTER_LV, wordsLv } from './words-lv.ts';
import { FOOTER_RU, wordsRu } from './words-ru.ts';
import type { FooterWords, MessageWords } from './words.ts';

/** The messages of an application, in its language: text and HTML parts, and a short SMS. */
export type NoticeKind =
  | 'received'
  | 'offersReady'
  | 'allAnswered'
  | 'expiryReminder'
  | 'signed'
  | 'paid'
  | 'documentsRequested'
  | 'callRequested'
  /** a consultant sent the person the link again (issue 34) */
  | 'continueLink';

/** One thing a lender asks for: its kind, the months of a bank statement, the lender's own words for `other`. */
export interface RequestedDocument {
  readonly kind: DocumentKind;
  readonly months?: number;
  /** in the message's language */
  readonly text?: string;
}

/** What a message may tell: the first name, counts, the lender and the amount; never a code, income or contact. */
export interface NoticeData {
  readonly firstName: string;
  /** opens the application where it stands (a signed continue link) */
  readonly continueUrl: string;
  /** a page where the person confirms stopping e-mails */
  readonly unsubscribeUrl: string;
  readonly accountUrl: string;
  readonly offerCount?: number;
  readonly lenderCount?: number;
  readonly declinedCount?: number;
  readonly expiresAt?: string;
  readonly lenderName?: string;
  readonly amount?: number;
  /** the chosen lender's payout time after signing, as its configuration states it; none: the lender tells */
  readonly payoutTime?: PayoutTime;
  /** a documents request: what the lender (`lenderName`) asks for, and by when */
  readonly requestedDocuments?: readonly RequestedDocument[];
  readonly documentsDueAt?: string;
  /** a call request: the slot a consultant calls at (ISO), named in Riga time */
  readonly callSlot?: string;
}

export interface RenderedMail {
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

const WORDS: Record<Language, (kind: NoticeKind, data: NoticeData) => MessageWords> = { lv: wordsLv, ru: wordsRu };
const FOOTER: Record<Language, FooterWords> = { lv: FOOTER_LV, ru: FOOTER_RU };

/** After signing the link leads to the account, where the contract's state is; before, to the application. */
const AFTER_SIGNING: ReadonlySet<NoticeKind> = new Set(['signed', 'paid']);
const linkOf = (kind: NoticeKind, data: NoticeData) => (AFTER_SIGNING.has(kind) ? data.accountUrl : data.continueUrl);
/**
 * Only a continue link is personal (a signed code that opens the application for 30 days); the account's plain
 * address asks for a login, so its message says nothing of a personal link.
 */
const isPersonalLink = (kind: NoticeKind) => !AFTER_SIGNING.has(kind);

export function renderMail(kind: NoticeKind, language: Language, data: NoticeData): RenderedMail {
  const words = WORDS[language](kind, data);
  const footer = FOOTER[language];
  const link = linkOf(kind, data);
  const text = [
    footer.greeting(data.firstName),
    '',
    ...words.paragraphs.flatMap((paragraph) => [paragraph, '']),
    `${words.button}: ${link}`,
    ...(isPersonalLink(kind) ? [footer.linkNote] : []),
    '',
    '—',
    footer.why,
    `${footer.account}: ${data.accountUrl}`,
    `${footer.unsubscribe}: ${data.unsubscribeUrl}`,
    footer.company,
  ].join('\n');
  return { subject: words.subject, text, html: layout(language, words, footer, data, link, isPersonalLink(kind)) };
}

export function renderSms(kind: NoticeKind, language: Language, data: NoticeData): string {
  const words = WORDS[language](kind, data);
  return kind === 'signed' ? words.sms : `${words.sms} ${linkOf(kind, data)}`;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Every interpolated value, in text and in attributes. */
const e = (value: string): string => value.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);

/** Plain, accessible e-mail HTML: inline styles, one column, a real link as the button, no images or scripts. */
function layout(
  language: Language,
  words: MessageWords,
  footer: FooterWords,
  data: NoticeData,
  link: string,
  personalLink: boolean,
): string {
  const paragraph = (content: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:#1f2933">${content}</p>`;
  return `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(words.subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f6f8">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f6f8"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px"><tr><td style="padding:32px 28px;font-family:Arial,Helvetica,sans-serif">
<p style="margin:0 0 24px;font-size:20px;font-weight:bold;color:#0b3d91">Kreditkompass</p>
${paragraph(e(footer.greeting(data.firstName)))}
${words.paragraphs.map((content) => paragraph(e(content))).join('\n')}
<p style="margin:24px 0"><a href="${e(link)}" style="display:inline-block;padding:14px 24px;background:#0b3d91;color:#ffffff;font-size:16px;font-weight:bold;text-decoration:none;border-radius:6px">${e(words.button)}</a></p>
${personalLink ? `<p style="margin:0 0 16px;font-size:14px;line-height:1.5;color:#3e4c59">${e(footer.linkNote)}</p>\n` : ''}<hr style="border:none;border-top:1px solid #d9e2ec;margin:24px 0">
<p style="margin:0 0 8px;font-size:13px;line-height:1.5;color:#3e4c59">${e(footer.why)}</p>
<p style="margin:0 0 8px;font-size:13px;line-height:1.5"><a href="${e(data.accountUrl)}" style="color:#0b3d91">${e(footer.account)}</a> · <a href="${e(data.unsubscribeUrl)}" style="color:#0b3d91">${e(footer.unsubscribe)}</a></p>
<p style="margin:0;font-size:12px;line-height:1.5;color:#52606d">${e(footer.company)}</p>
</td></tr></table>
</td></tr></table>
</body>
</html>`;
}
