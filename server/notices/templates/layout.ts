import type { Language } from '../../../domain/language.ts';
import { company } from '../../../domain/company.ts';
import type { CommonWords, MessageWords } from './types.ts';

/** What an e-mail holds once its words are chosen: the same in the text part and the HTML part. */
export interface MailContent {
  readonly language: Language;
  readonly firstName: string;
  readonly words: MessageWords;
  readonly common: CommonWords;
  /** the button's address */
  readonly link: string;
  /** days the button's link stays valid when it is personal; absent for the account's address */
  readonly personalLinkDays?: number;
  readonly accountUrl: string;
  readonly unsubscribeUrl: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text and attribute values alike: every interpolated value goes through here. */
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);

/** Only web addresses become links: anything else (javascript:, data:, a bare path) is a bug upstream. */
export function webAddress(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new TypeError('a message link must be an absolute http(s) address');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new TypeError('a message link must be an absolute http(s) address');
  }
  return url;
}

/** The plain-text part: addresses on lines of their own, so no punctuation sticks to them. */
export function mailText(content: MailContent): string {
  const { words, common } = content;
  return [
    common.greeting(content.firstName),
    '',
    ...words.paragraphs.flatMap((paragraph) => [paragraph, '']),
    `${words.button}:`,
    content.link,
    ...(content.personalLinkDays === undefined ? [] : ['', common.personalLink(content.personalLinkDays)]),
    '',
    ...common.signature,
    '',
    '-- ',
    common.why,
    common.settings,
    `${common.account}: ${content.accountUrl}`,
    `${common.unsubscribe}: ${content.unsubscribeUrl}`,
    '',
    ...common.company,
    '',
  ].join('\n');
}

const FONT = 'font-family:Arial,Helvetica,sans-serif';
/** dark text on white (contrast ≥ 7:1); the brand blue is 10:1 on white, and white on it */
const INK = '#1f2933';
const MUTED = '#3e4c59';
const BRAND_BLUE = '#0b3d91';
const LINE = '#d9e2ec';
const PAGE = '#f4f6f8';

const paragraph = (text: string, style = `font-size:16px;line-height:24px;color:${INK}`) =>
  `<p style="margin:0 0 16px;${FONT};${style}">${escapeHtml(text)}</p>`;

const link = (href: string, text: string, style = '') =>
  `<a href="${escapeHtml(href)}" style="color:${BRAND_BLUE};text-decoration:underline;${style}">${escapeHtml(text)}</a>`;

/**
 * The HTML part: one column of layout tables (role="presentation") with inline styles, a heading,
 * a real link as the button with the same words as in the text part, the address written out under
 * it, and the footer. No images, no scripts, nothing loaded from elsewhere.
 */
export function mailHtml(content: MailContent): string {
  const { words, common } = content;
  const small = `font-size:14px;line-height:20px;color:${MUTED}`;
  const footer = `font-size:13px;line-height:20px;color:${MUTED}`;
  const body = [
    `<h1 style="margin:0 0 16px;${FONT};font-size:22px;line-height:30px;color:${INK}">${escapeHtml(words.subject)}</h1>`,
    paragraph(common.greeting(content.firstName)),
    ...words.paragraphs.map((text) => paragraph(text)),
    `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px">`,
    `<tr><td style="border-radius:6px;background-color:${BRAND_BLUE}"><a href="${escapeHtml(content.link)}" style="display:inline-block;padding:14px 24px;${FONT};font-size:16px;line-height:20px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(words.button)}</a></td></tr>`,
    `</table>`,
    `<p style="margin:0 0 16px;${FONT};${small}">${escapeHtml(common.buttonFallback)}<br>${link(content.link, content.link, 'word-break:break-all')}</p>`,
    ...(content.personalLinkDays === undefined
      ? []
      : [paragraph(common.personalLink(content.personalLinkDays), small)]),
    `<p style="margin:0 0 16px;${FONT};font-size:16px;line-height:24px;color:${INK}">${common.signature.map(escapeHtml).join('<br>')}</p>`,
  ];
  const foot = [
    paragraph(common.why, footer),
    `<p style="margin:0 0 16px;${FONT};${footer}">${escapeHtml(common.settings)}<br>${link(content.accountUrl, common.account)} · ${link(content.unsubscribeUrl, common.unsubscribe)}</p>`,
    `<p style="margin:0;${FONT};font-size:12px;line-height:18px;color:${MUTED}">${common.company.map(escapeHtml).join('<br>')}</p>`,
  ];
  return [
    '<!doctype html>',
    `<html lang="${content.language}" dir="ltr">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="color-scheme" content="light">',
    '<meta name="supported-color-schemes" content="light">',
    `<title>${escapeHtml(words.subject)}</title>`,
    '</head>',
    `<body style="margin:0;padding:0;background-color:${PAGE}">`,
    // the inbox's preview line; hidden from view and from screen readers alike
    `<div style="display:none;max-height:0;overflow:hidden;mso-hide:all">${escapeHtml(words.paragraphs[0] ?? '')}</div>`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:${PAGE}">`,
    '<tr><td align="center" style="padding:24px 12px">',
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;background-color:#ffffff;border:1px solid ${LINE};border-radius:8px">`,
    `<tr><td style="padding:24px 28px 0;${FONT};font-size:20px;line-height:28px;font-weight:bold;color:${BRAND_BLUE}">${escapeHtml(company.brand)}</td></tr>`,
    '<tr><td style="padding:16px 28px 8px">',
    ...body,
    '</td></tr>',
    `<tr><td style="padding:16px 28px 24px;border-top:1px solid ${LINE}">`,
    ...foot,
    '</td></tr>',
    '</table>',
    '</td></tr>',
    '</table>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
