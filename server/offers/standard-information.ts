// a type only: pdfkit itself loads on the first PDF asked for
import { loadPdfTools } from '../pdf/pdf-tools.ts';
import { company } from '../../domain/company.ts';
import { intlLocale, type Language } from '../../domain/language.ts';
import type { Offer } from '../../domain/offer.ts';
import { SECCI_WORDS } from './standard-information-words.ts';

/**
 * The standard pre-contractual information of one offer (the Standard European Consumer Credit Information of
 * Directive 2023/2225, Annex II), generated from its terms: as sections of rows, then as a printable HTML page and
 * as a PDF. Figures the broker computed are marked indicative.
 */

export interface SecciRow {
  readonly label: string;
  readonly value: string;
}
export interface SecciSection {
  readonly heading: string;
  readonly rows: readonly SecciRow[];
}
export interface StandardInformation {
  readonly language: Language;
  readonly title: string;
  readonly subtitle: string;
  readonly warning: string;
  readonly sections: readonly SecciSection[];
  /** the Latvian cost cap's warning when the offer's total cost of credit is above it */
  readonly costCap: string | null;
  readonly notes: readonly string[];
}

const fill = (text: string, values: Record<string, string | number>): string =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => String(values[key] ?? whole));

/** The site's formats (src/ui/format.ts), which the server may not import: Intl puts no-break spaces in groups. */
const euro = (language: Language, value: number) =>
  new Intl.NumberFormat(intlLocale[language], {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: Number.isInteger(value) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(value);
const euroCents = (language: Language, value: number) =>
  new Intl.NumberFormat(intlLocale[language], {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(value);
const percent = (language: Language, value: number) =>
  new Intl.NumberFormat(intlLocale[language], {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 2,
  }).format(value / 100);
const date = (language: Language, iso: string) =>
  new Intl.DateTimeFormat(intlLocale[language], { dateStyle: 'long', timeZone: 'Europe/Riga' }).format(new Date(iso));

/** The figures as the page and the PDF write them, in the offer's terms. */
export const standardInformationFormats = { euro, euroCents, percent, date };

/** Who the creditor is beyond its name: what the lenders' configuration says of it (server/lenders/registry.ts). */
export interface CreditorIdentity {
  readonly registrationNumber: string;
  readonly address: string;
}

export function standardInformation(
  offer: Offer,
  creditor: CreditorIdentity | null,
  language: Language,
): StandardInformation {
  const w = SECCI_WORDS[language];
  const money = (value: number) => euro(language, value);
  const example = {
    amount: money(offer.amount),
    months: offer.term,
    rate: percent(language, offer.annualRate),
    arrangementFee: money(offer.arrangementFee),
    monthlyFee: money(offer.monthlyFee),
    payment: euroCents(language, offer.monthlyPayment),
    total: money(offer.totalPayable),
    cost: money(offer.totalCostOfCredit),
    apr: percent(language, offer.apr),
  };
  return {
    language,
    title: w.title,
    subtitle: fill(w.subtitle, { lender: offer.lenderName }),
    warning: w.warning,
    sections: [
      {
        heading: w.identity,
        rows: [
          {
            label: w.creditor,
            value: fill(w.creditorValue, {
              lender: offer.lenderName,
              kind: offer.lenderKind === 'bank' ? w.bank : w.nonBank,
            }),
          },
          ...(creditor
            ? [
                { label: w.creditorRegistration, value: creditor.registrationNumber },
                { label: w.creditorAddress, value: creditor.address },
              ]
            : []),
          {
            label: w.intermediary,
            value: fill(w.intermediaryValue, {
              name: company.legalName,
              reg: company.registrationNumber,
              address: company.address,
              licence: company.licence,
            }),
          },
        ],
      },
      {
        heading: w.product,
        rows: [
          { label: w.type, value: w.typeValue },
          { label: w.amount, value: money(offer.amount) },
          { label: w.term, value: fill(w.termValue, { months: offer.term }) },
          { label: w.instalments, value: fill(w.instalmentsValue, { count: offer.term, payment: example.payment }) },
          { label: w.totalPayable, value: example.total },
        ],
      },
      {
        heading: w.costs,
        rows: [
          { label: w.rate, value: fill(w.rateValue, { rate: example.rate }) },
          { label: w.apr, value: `${example.apr}. ${fill(w.aprExample, example)}` },
          { label: w.arrangementFee, value: money(offer.arrangementFee) },
          { label: w.monthlyFee, value: money(offer.monthlyFee) },
          { label: w.totalCost, value: example.cost },
          { label: w.late, value: w.lateValue },
          ...(offer.exceedsCostCap ? [{ label: w.costCapLabel, value: w.costCap }] : []),
        ],
      },
      {
        heading: w.legal,
        rows: [
          { label: w.withdrawal, value: w.withdrawalValue },
          { label: w.earlyRepayment, value: w.earlyRepaymentValue },
          { label: w.database, value: w.databaseValue },
          { label: w.draft, value: w.draftValue },
          { label: w.human, value: w.humanValue },
          { label: w.validity, value: date(language, offer.validUntil) },
        ],
      },
    ],
    costCap: offer.exceedsCostCap ? w.costCap : null,
    notes: [w.indicative],
  };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Where the page finds what it links to: its stylesheet (the CSP allows no inline style) and its PDF. */
export interface StandardInformationLinks {
  readonly stylesheet: string;
  readonly pdf: string;
}

/** A whole page, without inline style or script (the CSP allows neither): its stylesheet has print rules. */
export function standardInformationHtml(info: StandardInformation, links: StandardInformationLinks): string {
  const w = SECCI_WORDS[info.language];
  const sections = info.sections
    .map(
      (section, index) =>
        `<section aria-labelledby="secci-${index + 1}"><h2 id="secci-${index + 1}">${escapeHtml(section.heading)}</h2>` +
        `<table><tbody>${section.rows
          .map((row) => `<tr><th scope="row">${escapeHtml(row.label)}</th><td>${escapeHtml(row.value)}</td></tr>`)
          .join('')}</tbody></table></section>`,
    )
    .join('');
  return (
    `<!doctype html><html lang="${info.language}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow">` +
    `<title>${escapeHtml(info.title)}</title><link rel="stylesheet" href="${escapeHtml(links.stylesheet)}"></head>` +
    `<body><main><header><h1>${escapeHtml(info.title)}</h1><p class="subtitle">${escapeHtml(info.subtitle)}</p>` +
    `<p class="warning">${escapeHtml(info.warning)}</p>` +
    (info.costCap ? `<p class="cost-cap" role="alert">${escapeHtml(info.costCap)}</p>` : '') +
    `</header>${sections}<footer>` +
    info.notes.map((note) => `<p class="note">${escapeHtml(note)}</p>`).join('') +
    `<p class="screen-only">${escapeHtml(w.print)} <a href="${escapeHtml(links.pdf)}">${escapeHtml(w.pdf)}</a></p>` +
    `</footer></main></body></html>`
  );
}

/** The page's stylesheet: readable on screen, one A4 column on paper, the PDF link left off the print. */
export const STANDARD_INFORMATION_CSS = `:root { color-scheme: light; }
body { margin: 0; font-family: "Open Sans", "DejaVu Sans", Arial, sans-serif; color: #1b1b1b; background: #fff; line-height: 1.45; }
main { max-width: 52rem; margin: 0 auto; padding: 1.5rem 1rem 3rem; }
h1 { font-size: 1.5rem; margin: 0 0 0.25rem; }
h2 { font-size: 1.1rem; margin: 1.75rem 0 0.5rem; }
.subtitle { margin: 0 0 1rem; }
.warning, .cost-cap { font-weight: 700; border: 2px solid currentColor; padding: 0.5rem 0.75rem; }
.cost-cap { color: #8a1c1c; }
table { width: 100%; border-collapse: collapse; }
th, td { text-align: left; vertical-align: top; padding: 0.45rem 0.5rem; border-bottom: 1px solid #c9c9c9; }
th { width: 35%; font-weight: 600; }
footer { margin-top: 1.5rem; }
.note { font-size: 0.875rem; }
@media print {
  @page { size: A4; margin: 15mm; }
  body { font-size: 10pt; }
  main { max-width: none; padding: 0; }
  section { break-inside: avoid; }
  .cost-cap { color: #000; }
  .screen-only { display: none; }
}
`;

/** The same information as a PDF, by pdfkit, with the font embedded (its subset). */
export async function standardInformationPdf(info: StandardInformation): Promise<Buffer> {
  const { PDFDocument, regular, bold } = await loadPdfTools();
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: info.title }, lang: info.language });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('bold').fontSize(16).text(info.title);
  doc.moveDown(0.3).font('regular').fontSize(10).text(info.subtitle);
  doc.moveDown(0.5).font('bold').fontSize(12).text(info.warning);
  if (info.costCap) doc.moveDown(0.3).font('bold').fontSize(10).text(info.costCap);
  for (const section of info.sections) {
    doc.moveDown(0.8).font('bold').fontSize(12).text(section.heading);
    for (const row of section.rows) {
      doc.moveDown(0.3).font('bold').fontSize(9).text(row.label);
      doc.font('regular').fontSize(9).text(row.value);
    }
  }
  doc.moveDown(0.8);
  for (const note of info.notes) doc.font('regular').fontSize(8).text(note).moveDown(0.3);
  doc.end();
  return done;
}
