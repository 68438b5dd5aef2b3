// a type only: pdfkit itself loads on the first PDF asked for
import type PdfDocument from 'pdfkit';
import { loadPdfTools } from '../pdf/pdf-tools.ts';
import { company } from '../../domain/company.ts';
import { intlLocale, type Language } from '../../domain/language.ts';
import lvDocuments from '../../locales/lv/documents.json' with { type: 'json' };
import ruDocuments from '../../locales/ru/documents.json' with { type: 'json' };
import type { BankAccountData, BankData, BankTransaction } from './bank-statement-client.ts';
import type { IncomeSummary } from './bank-statement-income.ts';

/**
 * The bank statement the broker builds from what the person shared: per account its number, owner, period, opening
 * and closing balance and every booked transaction, then the income summary; in the application's language, by
 * pdfkit with DejaVu Sans embedded, as the standard information's PDF (server/offers/standard-information.ts).
 */

type StatementWords = (typeof lvDocuments)['bankStatement'];
const WORDS: Record<Language, StatementWords> = { lv: lvDocuments.bankStatement, ru: ruDocuments.bankStatement };

export interface StatementInput {
  readonly language: Language;
  /** the bank's name as the person chose it */
  readonly institutionName: string;
  readonly data: BankData;
  readonly summary?: IncomeSummary | null;
  readonly generatedAt?: Date;
}

const fill = (text: string, values: Record<string, string>): string =>
  text.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => values[key] ?? whole);

const formats = (language: Language) => {
  const locale = intlLocale[language];
  const euro = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 });
  const signed = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: 2,
    signDisplay: 'exceptZero',
  });
  const day = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });
  const long = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
  const month = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const at = (iso: string) => new Date(`${iso}T00:00:00Z`);
  return {
    money: (cents: number) => euro.format(cents / 100),
    signedMoney: (cents: number) => signed.format(cents / 100),
    day: (iso: string) => day.format(at(iso)),
    longDay: (iso: string) => long.format(at(iso)),
    month: (yearMonth: string) => month.format(at(`${yearMonth}-01`)),
  };
};

type Doc = InstanceType<typeof PdfDocument>;
type Formats = ReturnType<typeof formats>;

const MARGIN = 50;
const COLUMNS = { date: 70, text: 325, amount: 100 } as const;

function keyValue(doc: Doc, label: string, value: string): void {
  const y = doc.y;
  doc.font('bold').fontSize(9).text(label, MARGIN, y, { width: 160 });
  const afterLabel = doc.y;
  doc
    .font('regular')
    .fontSize(9)
    .text(value, MARGIN + 170, y, { width: 325 });
  doc.y = Math.max(afterLabel, doc.y) + 2;
}

function tableHeader(doc: Doc, w: StatementWords): void {
  const y = doc.y;
  doc.font('bold').fontSize(8);
  doc.text(w.date, MARGIN, y, { width: COLUMNS.date });
  doc.text(w.counterparty, MARGIN + COLUMNS.date, y, { width: COLUMNS.text });
  doc.text(w.amount, MARGIN + COLUMNS.date + COLUMNS.text, y, { width: COLUMNS.amount, align: 'right' });
  doc.y += 2;
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + 495, doc.y)
    .lineWidth(0.5)
    .stroke();
  doc.y += 3;
}

function transactionRow(doc: Doc, w: StatementWords, f: Formats, transaction: BankTransaction): void {
  const text = [transaction.counterpartyName, transaction.counterpartyIban, transaction.remittance]
    .filter((part): part is string => Boolean(part))
    .join(' · ');
  doc.font('regular').fontSize(8);
  const height = Math.max(doc.heightOfString(text, { width: COLUMNS.text }), 10);
  if (doc.y + height > doc.page.height - MARGIN) {
    doc.addPage();
    tableHeader(doc, w);
  }
  const y = doc.y;
  doc.text(f.day(transaction.bookingDate), MARGIN, y, { width: COLUMNS.date });
  doc.text(text, MARGIN + COLUMNS.date, y, { width: COLUMNS.text });
  const amount = f.signedMoney(transaction.amountCents);
  doc.text(amount, MARGIN + COLUMNS.date + COLUMNS.text, y, { width: COLUMNS.amount, align: 'right' });
  doc.y = y + height + 3;
}

function accountSection(doc: Doc, w: StatementWords, f: Formats, data: BankData, account: BankAccountData): void {
  const sum = (sign: 1 | -1) =>
    account.transactions.reduce((total, t) => (Math.sign(t.amountCents) === sign ? total + t.amountCents : total), 0);
  keyValue(doc, w.account, `${account.iban} (${account.name})`);
  if (account.ownerName) keyValue(doc, w.owner, account.ownerName);
  keyValue(doc, w.period, fill(w.periodValue, { from: f.longDay(data.period.from), to: f.longDay(data.period.to) }));
  keyValue(doc, w.openingBalance, f.money(account.openingBalanceCents));
  keyValue(doc, w.incoming, f.money(sum(1)));
  keyValue(doc, w.outgoing, f.money(-sum(-1)));
  keyValue(doc, w.closingBalance, f.money(account.closingBalanceCents));
  doc.moveDown(0.6).font('bold').fontSize(11).text(w.transactions, MARGIN);
  doc.moveDown(0.3);
  if (account.transactions.length === 0) {
    doc.font('regular').fontSize(9).text(w.noTransactions, MARGIN);
    return;
  }
  tableHeader(doc, w);
  for (const transaction of account.transactions) transactionRow(doc, w, f, transaction);
}

function summarySection(doc: Doc, w: StatementWords, f: Formats, summary: IncomeSummary): void {
  doc.moveDown(1).font('bold').fontSize(13).text(w.incomeSummary, MARGIN);
  doc.moveDown(0.3);
  if (summary.sources.length === 0) {
    doc.font('regular').fontSize(9).text(w.noIncome, MARGIN);
    return;
  }
  for (const source of summary.sources) {
    doc.moveDown(0.4).font('bold').fontSize(10).text(w[source.kind], MARGIN);
    keyValue(doc, w.payers, source.payers.join(', '));
    keyValue(doc, w.monthlyAverage, f.money(source.monthlyAverageCents));
  }
  doc.moveDown(0.4).font('bold').fontSize(10).text(w.allRegularIncome, MARGIN);
  for (const month of summary.byMonth) {
    keyValue(doc, f.month(month.month), `${f.money(month.amountCents)}${month.complete ? '' : ` ${w.partialMonth}`}`);
  }
  keyValue(doc, w.monthlyAverage, f.money(summary.monthlyAverageCents));
}

/** The statement as a PDF; `summary` adds the income summary after the accounts. */
export async function statementPdf(input: StatementInput): Promise<Buffer> {
  const { PDFDocument, regular, bold } = await loadPdfTools();
  const w = WORDS[input.language];
  const f = formats(input.language);
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: w.title }, lang: input.language });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('bold').fontSize(16).text(w.title);
  doc
    .moveDown(0.2)
    .font('regular')
    .fontSize(10)
    .text(fill(w.subtitle, { bank: input.institutionName }));
  input.data.accounts.forEach((account, index) => {
    if (index > 0) doc.addPage();
    doc.moveDown(0.8);
    accountSection(doc, w, f, input.data, account);
  });
  if (input.summary) summarySection(doc, w, f, input.summary);
  const generated = (input.generatedAt ?? new Date()).toISOString().slice(0, 10);
  doc
    .moveDown(1)
    .font('regular')
    .fontSize(7)
    .text(fill(w.generated, { date: f.longDay(generated), company: company.legalName }), MARGIN);
  doc.end();
  return done;
}
