import type { Offer } from '../../../domain/offer.ts';
import { styleSources } from '../page.ts';
import type { SandboxLender } from './catalogue.ts';

/**
 * The sandbox lender's contract signing page: plain HTML, every value escaped, no scripts at all, served with
 * contractPagePolicy. Latvian or Russian.
 */

/** The page's own style element (by its hash) and nothing else; its form posts here. */
export const contractPagePolicy = (page: string): string =>
  `default-src 'none'; style-src ${styleSources(page)}; form-action 'self' http: https:`;

export type ContractLanguage = 'lv' | 'ru';

export const contractLanguage = (value: unknown): ContractLanguage => (value === 'ru' ? 'ru' : 'lv');

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const WORDS = {
  lv: {
    title: 'Kredīta līgums',
    intro: 'Lūdzu, pārbaudiet kredīta nosacījumus un parakstiet līgumu.',
    amount: 'Kredīta summa',
    term: 'Termiņš',
    months: 'mēn.',
    rate: 'Procentu likme',
    apr: 'Gada procentu likme (GPL)',
    monthlyPayment: 'Ikmēneša maksājums',
    arrangementFee: 'Līguma noformēšanas komisija',
    monthlyFee: 'Administrēšanas maksa mēnesī',
    totalCost: 'Kredīta kopējās izmaksas',
    totalPayable: 'Kopējā atmaksājamā summa',
    validUntil: 'Piedāvājums spēkā līdz',
    consent:
      'Esmu iepazinies ar līguma nosacījumiem un standarta Eiropas patēriņa kredīta informāciju. Man ir tiesības atteikties no līguma 14 dienu laikā.',
    consentMissing: 'Lai parakstītu līgumu, apstipriniet, ka esat iepazinies ar nosacījumiem.',
    sign: 'Parakstīt līgumu',
    signedTitle: 'Līgums parakstīts',
    signed: 'Paldies! Līgums ir parakstīts. Nauda tiks pārskaitīta uz jūsu bankas kontu.',
    back: 'Atgriezties',
    notFoundTitle: 'Piedāvājums nav atrasts',
    notFound: 'Šāds piedāvājums nav atrasts.',
    expiredTitle: 'Piedāvājuma termiņš beidzies',
    expired: 'Šī piedāvājuma derīguma termiņš ir beidzies.',
    sandbox: 'Testa vide: šis nav īsts aizdevējs.',
  },
  ru: {
    title: 'Кредитный договор',
    intro: 'Пожалуйста, проверьте условия кредита и подпишите договор.',
    amount: 'Сумма кредита',
    term: 'Срок',
    months: 'мес.',
    rate: 'Процентная ставка',
    apr: 'Годовая процентная ставка (GPL)',
    monthlyPayment: 'Ежемесячный платёж',
    arrangementFee: 'Комиссия за оформление',
    monthlyFee: 'Плата за обслуживание в месяц',
    totalCost: 'Общая стоимость кредита',
    totalPayable: 'Общая сумма к возврату',
    validUntil: 'Предложение действительно до',
    consent:
      'Я ознакомился с условиями договора и стандартной европейской информацией о потребительском кредите. У меня есть право отказаться от договора в течение 14 дней.',
    consentMissing: 'Чтобы подписать договор, подтвердите, что вы ознакомились с условиями.',
    sign: 'Подписать договор',
    signedTitle: 'Договор подписан',
    signed: 'Спасибо! Договор подписан. Деньги будут переведены на ваш банковский счёт.',
    back: 'Вернуться',
    notFoundTitle: 'Предложение не найдено',
    notFound: 'Такое предложение не найдено.',
    expiredTitle: 'Срок предложения истёк',
    expired: 'Срок действия этого предложения истёк.',
    sandbox: 'Тестовая среда: это не настоящий кредитор.',
  },
} as const;

function layout(lang: ContractLanguage, lender: SandboxLender | undefined, title: string, body: string): string {
  const colour = lender && /^#[0-9a-f]{6}$/i.test(lender.colour) ? lender.colour : '#37474f';
  const heading = lender ? escapeHtml(lender.name) : '';
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}${heading ? ` · ${heading}` : ''}</title>
<style>
body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1a1a1a;background:#f5f5f5}
header{background:${colour};color:#fff;padding:1rem 1.5rem;font-weight:700;font-size:1.25rem}
main{max-width:40rem;margin:1.5rem auto;background:#fff;padding:1.5rem;border-radius:.5rem}
table{border-collapse:collapse;width:100%;margin:1rem 0}
th,td{text-align:left;padding:.4rem .25rem;border-bottom:1px solid #ddd;vertical-align:top}
td{text-align:right;font-variant-numeric:tabular-nums}
label{display:flex;gap:.5rem;align-items:flex-start;margin:1rem 0}
input[type=checkbox]{width:1.25rem;height:1.25rem;flex:none;margin-top:.15rem}
button,.button{display:inline-block;background:${colour};color:#fff;border:0;border-radius:.375rem;padding:.75rem 1.5rem;font:inherit;font-weight:700;cursor:pointer;text-decoration:none}
button:focus-visible,.button:focus-visible,input:focus-visible{outline:3px solid #1a1a1a;outline-offset:2px}
.error{color:#b00020;font-weight:600}
.note{color:#555;font-size:.875rem}
</style>
</head>
<body>
<header>${heading}</header>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
<p class="note">${escapeHtml(WORDS[lang].sandbox)}</p>
</main>
</body>
</html>`;
}

export function renderContractPage(options: {
  lang: ContractLanguage;
  lender: SandboxLender;
  offer: Offer;
  /** the form's action: this page's own path and query */
  action: string;
  consentMissing?: boolean;
}): string {
  const { lang, lender, offer, action } = options;
  const words = WORDS[lang];
  const locale = lang === 'ru' ? 'ru-RU' : 'lv-LV';
  const eur = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' });
  const percent = (value: number) =>
    `${new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value)} %`;
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'Europe/Riga' }).format(
    new Date(offer.validUntil),
  );
  const rows: [string, string][] = [
    [words.amount, eur.format(offer.amount)],
    [words.term, `${offer.term} ${words.months}`],
    [words.rate, percent(offer.annualRate)],
    [words.apr, percent(offer.apr)],
    [words.monthlyPayment, eur.format(offer.monthlyPayment)],
    [words.arrangementFee, eur.format(offer.arrangementFee)],
    [words.monthlyFee, eur.format(offer.monthlyFee)],
    [words.totalCost, eur.format(offer.totalCostOfCredit)],
    [words.totalPayable, eur.format(offer.totalPayable)],
    [words.validUntil, date],
  ];
  const table = rows.map(
    ([label, value]) => `<tr><th scope="row">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
  );
  const error = options.consentMissing
    ? `<p class="error" id="consent-error" role="alert">${escapeHtml(words.consentMissing)}</p>`
    : '';
  const described = options.consentMissing ? ' aria-describedby="consent-error" aria-invalid="true"' : '';
  return layout(
    lang,
    lender,
    words.title,
    `<p>${escapeHtml(words.intro)}</p>
<table><tbody>${table.join('')}</tbody></table>
<form method="post" action="${escapeHtml(action)}">
${error}<label><input type="checkbox" name="consent" value="yes" required${described}> <span>${escapeHtml(words.consent)}</span></label>
<button type="submit">${escapeHtml(words.sign)}</button>
</form>`,
  );
}

export function renderSignedPage(lang: ContractLanguage, lender: SandboxLender, returnUrl?: string): string {
  const words = WORDS[lang];
  const back = returnUrl
    ? `<p><a class="button" href="${escapeHtml(returnUrl)}">${escapeHtml(words.back)}</a></p>`
    : '';
  return layout(lang, lender, words.signedTitle, `<p>${escapeHtml(words.signed)}</p>${back}`);
}

export function renderMessagePage(
  lang: ContractLanguage,
  lender: SandboxLender | undefined,
  kind: 'notFound' | 'expired',
): string {
  const words = WORDS[lang];
  return kind === 'notFound'
    ? layout(lang, lender, words.notFoundTitle, `<p>${escapeHtml(words.notFound)}</p>`)
    : layout(lang, lender, words.expiredTitle, `<p>${escapeHtml(words.expired)}</p>`);
}
