import { randomUUID } from 'node:crypto';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postForm, startApp, type RunningApp } from '../identity/test-support.ts';
import { registerAisSandbox } from '../sandbox/banks/ais.ts';
import { sandboxPersonProfile } from '../sandbox/banks/ais-people.ts';
import {
  BankSharingError,
  readBankData,
  startBankSharing,
  type BankApiOptions,
  type BankData,
} from './bank-statement-client.ts';
import { incomeSummary } from './bank-statement-income.ts';
import { statementPdf } from './bank-statement-pdf.ts';

let running: RunningApp;
let options: BankApiOptions;
const BANK = 'kurzemes-komercbanka';
const EMPLOYED = '010180-15097';
const SELF_EMPLOYED = '329999-12345';

beforeAll(async () => {
  running = await startApp((app) => registerAisSandbox(app, {}));
  options = { baseUrl: `${running.origin}/sandbox/banks` };
});
afterAll(() => running.app.close());

async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

/** The whole flow as the broker will run it: consent, the person at the bank, the return, one read. */
async function share(personalCode: string, decision: 'approve' | 'refuse' = 'approve') {
  const sharing = await startBankSharing(
    { institutionId: BANK, months: 6, returnUrl: 'http://127.0.0.1:9/return?x=1', state: 'st-1', language: 'lv' },
    options,
  );
  const page = await fetch(sharing.redirectUrl);
  expect(page.status).toBe(200);
  const back = await postForm(sharing.redirectUrl, {
    decision,
    personal_code: personalCode,
    first_name: 'Jānis',
    last_name: 'Bērziņš',
  });
  expect(back.status).toBe(303);
  const returned = new URL(back.headers.get('location') ?? '');
  expect(returned.searchParams.get('state')).toBe('st-1');
  expect(returned.searchParams.get('x')).toBe('1');
  return sharing.consentId;
}

const consentStatus = async (consentId: string) => {
  const response = await fetch(`${options.baseUrl}/${BANK}/v1/consents/${consentId}/status`, {
    headers: { 'x-request-id': randomUUID() },
  });
  return ((await response.json()) as { consentStatus: string }).consentStatus;
};

const summaryOf = (data: BankData) =>
  incomeSummary(
    data.accounts.flatMap((account) => account.transactions),
    { period: data.period, ownIbans: data.accounts.map((account) => account.iban) },
  );

describe('the bank statement built from shared account information', () => {
  it('reads an employed person’s accounts once, ends the consent, and finds the salary, its payer and the average', async () => {
    const consentId = await share(EMPLOYED);
    const data = await readBankData({ institutionId: BANK, consentId, months: 6 }, options);
    expect(data.consentEnded).toBe(true);
    expect(await consentStatus(consentId)).toBe('terminatedByTpp');

    const [account] = data.accounts;
    expect(account?.iban).toMatch(/^LV\d{2}KURZ\d{13}$/);
    expect(account?.ownerName).toBe('Jānis Bērziņš');
    const moved = account?.transactions.reduce((sum, t) => sum + t.amountCents, 0) ?? 0;
    expect((account?.openingBalanceCents ?? 0) + moved).toBe(account?.closingBalanceCents);
    expect(account?.transactions.every((t) => t.bookingDate >= data.period.from)).toBe(true);

    const summary = summaryOf(data);
    const employer = sandboxPersonProfile(EMPLOYED).employer?.name;
    expect(summary.mainKind).toBe('salary');
    expect(summary.sources[0]?.payers).toEqual([employer]);
    const wholeMonths = summary.sources[0]?.byMonth.filter((month) => month.complete) ?? [];
    expect(wholeMonths).toHaveLength(6);
    const salaries = (account?.transactions ?? []).filter(
      (t) => t.purposeCode === 'SALA' && wholeMonths.some((month) => t.bookingDate.startsWith(month.month)),
    );
    const expected = Math.round(salaries.reduce((sum, t) => sum + t.amountCents, 0) / 6);
    expect(summary.sources[0]?.monthlyAverageCents).toBe(expected);
    // the made-up salary is within 3 % of the person's usual pay
    const usual = sandboxPersonProfile(EMPLOYED).monthlyIncomeCents;
    expect(Math.abs(expected - usual) / usual).toBeLessThan(0.03);
  });

  it('finds self-employment income from several clients for a self-employed person', async () => {
    const consentId = await share(SELF_EMPLOYED);
    const summary = summaryOf(await readBankData({ institutionId: BANK, consentId, months: 6 }, options));
    expect(summary.mainKind).toBe('selfEmployment');
    expect(summary.sources.some((source) => source.kind === 'salary')).toBe(false);
    const clients = sandboxPersonProfile(SELF_EMPLOYED).clients.map((client) => client.name);
    expect(summary.sources[0]?.payers.every((payer) => clients.includes(payer))).toBe(true);
    expect(summary.sources[0]?.payers.length).toBeGreaterThanOrEqual(2);
    expect(summary.monthlyAverageCents).toBeGreaterThan(0);
  });

  it('gives no data when the person refuses at the bank', async () => {
    const consentId = await share(EMPLOYED, 'refuse');
    const read = readBankData({ institutionId: BANK, consentId, months: 6 }, options);
    await expect(read).rejects.toBeInstanceOf(BankSharingError);
    await expect(read).rejects.toMatchObject({ failure: 'notApproved', detail: 'rejected' });
    // ended at the bank all the same
    expect(await consentStatus(consentId)).toBe('terminatedByTpp');
  });

  it('writes the statement PDF with the account, the period and the words of the application’s language', async () => {
    const consentId = await share(EMPLOYED);
    const data = await readBankData({ institutionId: BANK, consentId, months: 6 }, options);
    const summary = summaryOf(data);
    const iban = data.accounts[0]?.iban ?? '';
    const at = new Date('2026-11-27T10:00:00Z');

    const lv = await statementPdf({
      language: 'lv',
      institutionName: 'Kurzemes Komercbanka',
      data,
      summary,
      generatedAt: at,
    });
    expect(lv.subarray(0, 5).toString()).toBe('%PDF-');
    const lvText = await pdfText(lv);
    const lvFrom = new Intl.DateTimeFormat('lv-LV', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${data.period.from}T00:00:00Z`),
    );
    for (const words of [
      'Konta izraksts',
      'Kurzemes Komercbanka',
      iban,
      'Konta turētājs',
      'Jānis Bērziņš',
      lvFrom,
      'Sākuma atlikums',
      'Beigu atlikums',
      'Ienākumu kopsavilkums',
      'Darba alga',
      'Vidēji mēnesī',
      sandboxPersonProfile(EMPLOYED).employer?.name ?? '?',
    ]) {
      expect(lvText).toContain(words);
    }

    const ru = await statementPdf({
      language: 'ru',
      institutionName: 'Kurzemes Komercbanka',
      data,
      summary,
      generatedAt: at,
    });
    const ruText = await pdfText(ru);
    const ruFrom = new Intl.DateTimeFormat('ru-RU', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${data.period.from}T00:00:00Z`),
    );
    for (const words of [
      'Выписка по счёту',
      iban,
      ruFrom,
      'Остаток на начало периода',
      'Сводка доходов',
      'Заработная плата',
    ]) {
      expect(ruText).toContain(words);
    }
  });
});
