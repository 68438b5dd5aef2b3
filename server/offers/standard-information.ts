import { createRequire } from 'node:module';
import { company } from '../../domain/company.ts';
import type { Language } from '../../domain/language.ts';
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
  readonly notes: readonly string[];
}

const fill = (text: string, values: Record<string, string | number>): string =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => String(values[key] ?? whole));

const locale = (language: Language) => (language === 'lv' ? 'lv-LV' : 'ru-RU');
const euro = (language: Language, value: number) =>
  new Intl.NumberFormat(locale(language), { style: 'currency', currency: 'EUR' }).format(value);
const percent = (language: Language, value: number) =>
  `${new Intl.NumberFormat(locale(language), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value)} %`;
const date = (language: Language, iso: string) =>
  new Intl.DateTimeFormat(locale(language), { dateStyle: 'long', timeZone: 'Europe/Riga' }).format(new Date(iso));

export function standardInformation(offer: Offer, language: Language): StandardInformation {
  const w = SECCI_WORDS[language];
  const money = (value: number) => euro(language, value);
  const example = {
    amount: money(offer.amount),
    months: offer.term,
    rate: percent(language, offer.annualRate),
    payment: money(offer.monthlyPayment),
    total: money(offer.totalPayable),
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
          { label: w.creditor, value: offer.lenderName },
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
          { label: w.totalCost, value: money(offer.totalCostOfCredit) },
          { label: w.late, value: w.lateValue },
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
    notes: [...(offer.exceedsCostCap ? [w.costCap] : []), w.indicative],
  };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A whole page without styles or scripts of its own (the CSP allows neither inline): it prints as it is. */
export function standardInformationHtml(info: StandardInformation, pdfHref: string): string {
  const w = SECCI_WORDS[info.language];
  const sections = info.sections
    .map(
      (section) =>
        `<section><h2>${escapeHtml(section.heading)}</h2><table><tbody>${section.rows
          .map((row) => `<tr><th scope="row">${escapeHtml(row.label)}</th><td>${escapeHtml(row.value)}</td></tr>`)
          .join('')}</tbody></table></section>`,
    )
    .join('');
  return (
    `<!doctype html><html lang="${info.language}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow">` +
    `<title>${escapeHtml(info.title)}</title></head><body><main>` +
    `<h1>${escapeHtml(info.title)}</h1><p>${escapeHtml(info.subtitle)}</p>` +
    `<p><strong>${escapeHtml(info.warning)}</strong></p>${sections}` +
    info.notes.map((note) => `<p>${escapeHtml(note)}</p>`).join('') +
    `<p>${escapeHtml(w.print)} <a href="${escapeHtml(pdfHref)}">${escapeHtml(w.pdf)}</a></p>` +
    `</main></body></html>`
  );
}

const require = createRequire(import.meta.url);

/** DejaVu Sans: the Latvian letters and Cyrillic the standard PDF fonts lack. */
const FONT = { regular: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf', bold: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf' };

/** The same information as a PDF (pdfkit, loaded on the first PDF asked for). */
export async function standardInformationPdf(info: StandardInformation): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: info.title }, lang: info.language });
  doc.registerFont('regular', require.resolve(FONT.regular));
  doc.registerFont('bold', require.resolve(FONT.bold));
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('bold').fontSize(16).text(info.title);
  doc.moveDown(0.3).font('regular').fontSize(10).text(info.subtitle);
  doc.moveDown(0.5).font('bold').fontSize(12).text(info.warning);
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
