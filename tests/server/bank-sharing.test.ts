import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ApplicationStatus, LenderStatus } from '../../domain/api.ts';
import type { DocumentItem, DocumentRequest } from '../../domain/documents.ts';
import lvApi from '../../locales/lv/api.json' with { type: 'json' };
import ruApi from '../../locales/ru/api.json' with { type: 'json' };
import { applicationIdForToken } from '../../server/applications/lookup.ts';
import { startBroker, type RunningBroker, type Storage } from '../support/broker.ts';
import {
  browserMarkOf,
  formOf,
  identifyByBank,
  loginByBank,
  postForm,
  status,
  submit,
  waitForStatus,
} from '../support/flow.ts';
import { present } from '../support/present.ts';

/**
 * "Share from the bank" for a lender's documents request (issue 33): a self-employed person asking for 16 000 € is
 * asked for a 6-month statement; they share their account data from the sandbox bank instead of uploading one. The
 * return counts only in the browser that began it, reads the data once and ends the consent at once; the statement
 * (a PDF, encrypted like an upload) and its income summary reach the lender, which then answers.
 */

const SELF_EMPLOYED = '329999-12345';
const BANK = 'kurzemes-komercbanka';
const LENDER = 'ziemelu-banka';
const application = {
  personalId: SELF_EMPLOYED,
  dateOfBirth: '1985-05-15',
  amount: 16_000,
  term: 60,
  monthlyIncome: 1800,
  incomeTypes: [{ type: 'selfEmployment' as const, employmentDuration: 'over12Months' as const }],
};

const collect = async (stream: Readable): Promise<Buffer> => {
  const parts: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) parts.push(chunk);
  return Buffer.concat(parts);
};

describe.each<Storage>(['pglite', 'postgres'])('sharing bank data for a documents request (%s)', (storage) => {
  let running: RunningBroker;
  let base: string;

  beforeAll(async () => {
    running = await startBroker({ storage, postgresUrl: inject('postgresUrl') });
    base = running.url;
  });
  afterAll(async () => running.close());

  const lenderOf = (current: ApplicationStatus): LenderStatus =>
    present(
      current.lenders.find((lender) => lender.lenderId === LENDER),
      LENDER,
    );
  const requestOf = (current: ApplicationStatus): DocumentRequest =>
    present(lenderOf(current).documentRequests[0], 'the request');
  const itemOf = (current: ApplicationStatus): DocumentItem => present(requestOf(current).items[0], 'the item');

  /** The self-employed person's application, identified, once the statement lender asked. */
  async function asked(): Promise<{ token: string; requestId: string; itemId: string }> {
    const token = await submit(base, application);
    await identifyByBank(base, token, 'approve', SELF_EMPLOYED);
    const current = await waitForStatus(base, token, (s) =>
      s.lenders.some((lender) => lender.lenderId === LENDER && lender.progress === 'documentsRequested'),
    );
    return { token, requestId: requestOf(current).id, itemId: itemOf(current).id };
  }

  const postJson = async (path: string, body: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    return { response, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
  };

  const start = (fields: { token: string; requestId: string; itemId: string }, extra: Record<string, unknown> = {}) =>
    postJson('/api/applications/documents/bankSharing', { ...fields, institutionId: BANK, language: 'lv', ...extra });

  /** The bank's consent page followed as a browser does, and the bank's return, in this browser or another. */
  async function share(
    fields: { token: string; requestId: string; itemId: string },
    {
      decision = 'approve',
      inAnotherBrowser = false,
      startWith = {},
    }: { decision?: 'approve' | 'refuse'; inAnotherBrowser?: boolean; startWith?: Record<string, unknown> } = {},
  ) {
    const started = await start(fields, startWith);
    expect(started.response.status).toBe(201);
    const mark = present(browserMarkOf(started.response), 'the browser mark');
    const { shareId, redirectUrl } = started.body as { shareId: string; redirectUrl: string };
    const consentId = present(/\/consents\/([^/]+)\/authorize/.exec(new URL(redirectUrl).pathname)?.[1], 'consent');
    const page = await fetch(redirectUrl);
    expect(page.status).toBe(200);
    const { action, fields: hidden } = formOf(await page.text(), redirectUrl);
    const decided = await postForm(action, {
      ...hidden,
      decision,
      personal_code: SELF_EMPLOYED,
      first_name: 'Jānis',
      last_name: 'Bērziņš',
    });
    expect(decided.status).toBe(303);
    const returnUrl = present(decided.headers.get('location'), 'the return');
    expect(returnUrl.startsWith(`${base}/api/applications/documents/bankSharing/return?state=`)).toBe(true);
    const back = await fetch(returnUrl, {
      redirect: 'manual',
      ...(inAnotherBrowser ? {} : { headers: { cookie: mark } }),
    });
    expect(back.status).toBe(303);
    return { shareId, consentId, returnUrl, mark, location: present(back.headers.get('location'), 'the redirect') };
  }

  const consentAtBank = async (consentId: string): Promise<string> => {
    const response = await fetch(`${base}/sandbox/banks/${BANK}/v1/consents/${consentId}/status`, {
      headers: { 'x-request-id': randomUUID() },
    });
    return ((await response.json()) as { consentStatus: string }).consentStatus;
  };

  const accountReads = () => running.logs.filter((line) => line.includes(`/${BANK}/v1/accounts`)).length;

  const filesOnDisk = (applicationId: string): string[] => {
    const directory = join(running.broker.documents.directory, applicationId);
    return existsSync(directory) ? readdirSync(directory) : [];
  };

  const itemNow = async (token: string, done: (item: DocumentItem) => boolean) =>
    itemOf(await waitForStatus(base, token, (s) => done(itemOf(s))));

  it('makes a statement and a summary from shared data, which reach the lender, and the lender offers', async () => {
    const fields = await asked();
    const { consentId, location, returnUrl, mark } = await share(fields);
    expect(location).toBe('/applicantWorkflow/waiting');
    // read once, ended at once
    expect(await consentAtBank(consentId)).toBe('terminatedByTpp');
    const reads = accountReads();
    const reloaded = await fetch(returnUrl, { redirect: 'manual', headers: { cookie: mark } });
    expect(reloaded.status).toBe(303);
    expect(reloaded.headers.get('location')).toBe('/applicantWorkflow/waiting');
    expect(accountReads()).toBe(reads);

    const item = await itemNow(fields.token, (candidate) => candidate.bankShare?.state === 'ready');
    const shared = present(item.bankShare, 'the sharing');
    expect(shared).toMatchObject({ institutionId: BANK, state: 'ready', failure: null });
    expect(shared.summary?.mainKind).toBe('selfEmployment');
    expect(shared.summary?.monthlyAverageCents).toBeGreaterThan(100_000);
    const statement = present(
      item.files.find((file) => file.id === shared.fileId),
      'the statement',
    );
    expect(statement).toMatchObject({ contentType: 'application/pdf', origin: 'bank' });

    const db = running.broker.db;
    const [row] = (
      await db.query<{ consent_id: string | null; summary_ciphertext: string; sha256: string }>(
        `SELECT s.consent_id, s.summary_ciphertext, f.sha256 FROM bank_shares s JOIN document_files f ON f.id = s.file_id
         WHERE s.item_id = $1`,
        [fields.itemId],
      )
    ).rows;
    expect(row?.consent_id).toBeNull();
    // sealed: the payers' names are not in the row
    expect(row?.summary_ciphertext).not.toContain(present(shared.summary?.sources[0]?.payers[0], 'a payer'));
    const bytes = await collect(await running.broker.documents.source(db).open(statement.id));
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    expect(row?.sha256).toBe(sha256);

    const sent = await postJson('/api/applications/documents/send', { ...fields, language: 'lv' });
    expect(sent.response.status).toBe(202);
    const answered = await waitForStatus(base, fields.token, (s) => lenderOf(s).progress === 'offer', 20_000);
    expect(requestOf(answered).state).toBe('received');
    const atLender = (await (await fetch(`${base}/sandbox/lenders/documents?lenderId=${LENDER}`)).json()) as {
      itemId: string;
      files: { contentType: string; bytes: number; sha256: string }[];
      incomeSummary?: { monthlyAverageCents: number; mainKind: string };
    }[];
    const record = present(
      atLender.find((candidate) => candidate.itemId === fields.itemId),
      'the delivery',
    );
    expect(record.files).toEqual([{ contentType: 'application/pdf', bytes: bytes.length, sha256 }]);
    expect(record.incomeSummary).toEqual({
      monthlyAverageCents: shared.summary?.monthlyAverageCents,
      mainKind: 'selfEmployment',
    });
  });

  it('reads nothing when the return comes to another browser, and ends the consent', async () => {
    const fields = await asked();
    const readsBefore = accountReads();
    const { consentId, location } = await share(fields, { inAnotherBrowser: true });
    expect(location).toBe('/cits-parluks');
    expect(accountReads()).toBe(readsBefore);
    expect(await consentAtBank(consentId)).toBe('terminatedByTpp');
    const item = await itemNow(fields.token, (candidate) => candidate.bankShare?.state === 'failed');
    expect(item.bankShare).toMatchObject({ failure: 'otherBrowser', summary: null, fileId: null });
    expect(item.files).toEqual([]);
    expect(item.state).toBe('open');
  });

  it('fails as notApproved when the person refuses at the bank', async () => {
    const fields = await asked();
    const { consentId, location } = await share(fields, { decision: 'refuse' });
    expect(location).toBe('/applicantWorkflow/waiting');
    expect(await consentAtBank(consentId)).toBe('terminatedByTpp');
    const item = await itemNow(fields.token, (candidate) => candidate.bankShare?.state === 'failed');
    expect(item.bankShare?.failure).toBe('notApproved');
    expect(item.files).toEqual([]);
  });

  it('drops the statement and its summary on cancel, and the item is open as before', async () => {
    const fields = await asked();
    const applicationId = await applicationIdForToken(running.broker, fields.token);
    const { shareId, location } = await share(fields);
    expect(location).toBe('/applicantWorkflow/waiting');
    const ready = await itemNow(fields.token, (candidate) => candidate.bankShare?.state === 'ready');
    expect(filesOnDisk(applicationId)).toEqual([ready.bankShare?.fileId]);

    const cancelled = await postJson('/api/applications/documents/bankSharing/cancel', {
      token: fields.token,
      shareId,
      language: 'lv',
    });
    expect(cancelled.response.status).toBe(204);
    const item = await itemNow(fields.token, (candidate) => candidate.bankShare === null);
    expect(item).toMatchObject({ state: 'open', files: [], bankShare: null });
    expect(filesOnDisk(applicationId)).toEqual([]);
    const again = await postJson('/api/applications/documents/bankSharing/cancel', {
      token: fields.token,
      shareId,
    });
    expect(again.response.status).toBe(404);

    // an upload instead shows in the status at once, though the status was just read (and cached)
    const form = new FormData();
    form.append('token', fields.token);
    form.append('requestId', fields.requestId);
    form.append('itemId', fields.itemId);
    const pdf = Buffer.from(`%PDF-1.4\n${'statement '.repeat(100)}\n%%EOF\n`);
    form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'izraksts.pdf');
    expect((await fetch(`${base}/api/applications/documents`, { method: 'POST', body: form })).status).toBe(201);
    expect(itemOf(await status(base, fields.token)).files).toMatchObject([{ origin: 'upload', bytes: pdf.length }]);
  });

  it('refuses a kind only a file answers, another application’s item, an unknown bank, and a state it never gave', async () => {
    const fields = await asked();
    const applicationId = await applicationIdForToken(running.broker, fields.token);
    const requestId = randomUUID();
    const itemId = randomUUID();
    await running.broker.db.query(
      `INSERT INTO document_requests (id, application_id, lender_id, lender_request_id, due_at)
       VALUES ($1, $2, 'balta-berza-banka', $3, now() + interval '1 day')`,
      [requestId, applicationId, randomUUID()],
    );
    await running.broker.db.query(
      `INSERT INTO document_items (id, request_id, position, kind) VALUES ($1, $2, 0, 'employmentContract')`,
      [itemId, requestId],
    );
    const uploadOnly = await start({ token: fields.token, requestId, itemId });
    expect(uploadOnly.response.status).toBe(422);
    expect(uploadOnly.body).toMatchObject({ error: 'documentNotShareable', message: lvApi.documentNotShareable });

    const someoneElse = await submit(base, application);
    const foreign = await start({ ...fields, token: someoneElse });
    expect(foreign.response.status).toBe(404);
    expect(foreign.body).toMatchObject({ error: 'documentNotFound' });

    const unknownBank = await start(fields, { institutionId: 'no-such-bank' });
    expect(unknownBank.response.status).toBe(422);
    expect(unknownBank.body).toMatchObject({ error: 'unknownInstitution' });

    const bogus = await fetch(`${base}/api/applications/documents/bankSharing/return?state=${'x'.repeat(43)}`, {
      redirect: 'manual',
    });
    expect(bogus.status).toBe(400);
  });

  it('goes back to the account or the widget’s closing tab, and a new statement replaces the earlier one', async () => {
    const fields = await asked();
    const applicationId = await applicationIdForToken(running.broker, fields.token);
    const account = await share(fields, { startWith: { returnTo: 'account' } });
    expect(account.location).toBe('/profils');
    const first = await itemNow(fields.token, (candidate) => candidate.bankShare?.state === 'ready');
    const widget = await share(fields, { startWith: { returnTo: 'widget' } });
    expect(widget.location).toBe('/widget/v1/identified?lang=lv&result=confirmed');
    const second = await itemNow(
      fields.token,
      (candidate) => candidate.bankShare?.state === 'ready' && candidate.bankShare.id === widget.shareId,
    );
    expect(second.files.map((file) => file.id)).toEqual([second.bankShare?.fileId]);
    expect(second.bankShare?.fileId).not.toBe(first.bankShare?.fileId);
    expect(filesOnDisk(applicationId)).toEqual([second.bankShare?.fileId]);
  });

  it('answers 503 bankUnavailable, in the person’s language, when the bank does not answer the start', async () => {
    const bankDown = await startBroker({
      storage,
      postgresUrl: inject('postgresUrl'),
      // a port nothing listens on
      env: { BANK_LINK_BASE_URL: 'http://127.0.0.1:9/banks' },
    });
    try {
      const token = await submit(bankDown.url, application, 'ru');
      const applicationId = await applicationIdForToken(bankDown.broker, token);
      const requestId = randomUUID();
      const itemId = randomUUID();
      await bankDown.broker.db.query(
        `INSERT INTO document_requests (id, application_id, lender_id, lender_request_id, due_at)
         VALUES ($1, $2, $3, $4, now() + interval '1 day')`,
        [requestId, applicationId, LENDER, randomUUID()],
      );
      await bankDown.broker.db.query(
        `INSERT INTO document_items (id, request_id, position, kind) VALUES ($1, $2, 0, 'incomeProof')`,
        [itemId, requestId],
      );
      const response = await fetch(`${bankDown.url}/api/applications/documents/bankSharing`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token, requestId, itemId, institutionId: BANK, language: 'ru' }),
      });
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ error: 'bankUnavailable', message: ruApi.bankUnavailable });
      const rows = await bankDown.broker.db.query('SELECT 1 FROM bank_shares WHERE item_id = $1', [itemId]);
      expect(rows.rows).toEqual([]);
    } finally {
      await bankDown.close();
    }
  });

  it('answers an item that was sent with 409, and removes the statement on erasure', async () => {
    const fields = await asked();
    const applicationId = await applicationIdForToken(running.broker, fields.token);
    await share(fields);
    await itemNow(fields.token, (candidate) => candidate.bankShare?.state === 'ready');
    expect(filesOnDisk(applicationId)).toHaveLength(1);
    expect((await postJson('/api/applications/documents/send', fields)).response.status).toBe(202);
    expect((await start(fields)).response.status).toBe(409);

    const cookie = (await loginByBank(base, SELF_EMPLOYED)).setCookie.split(';')[0] ?? '';
    const erased = await fetch(`${base}/api/account/erase`, { method: 'POST', headers: { cookie } });
    expect(erased.status).toBe(200);
    expect(filesOnDisk(applicationId)).toEqual([]);
    const rows = await running.broker.db.query('SELECT 1 FROM bank_shares WHERE application_id = $1', [applicationId]);
    expect(rows.rows).toEqual([]);
  });
});
