import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ApplicationStatus, LenderStatus } from '../../domain/api.ts';
import { applicationIdForToken } from '../../server/applications/lookup.ts';
import { expireDueDocumentRequests } from '../../server/applications/document-requests.ts';
import { expireOverdueLenderRequests } from '../../server/applications/lender-timeout.ts';
import { queueDocumentDelivery, useDocumentFileSource } from '../../server/documents/delivery.ts';
import type { DocumentFile, DocumentFileSource } from '../../server/documents/file-source.ts';
import { signPartnerMessage } from '../../server/lenders/partner-protocol.ts';
import { startBroker, type RunningBroker, type Storage } from '../support/broker.ts';
import { identifyByBank, status, submit, waitForStatus } from '../support/flow.ts';
import { present } from '../support/present.ts';

/**
 * A lender's documents request (issue 33): Ziemeļu Banka and Baltā Bērza Banka ask a self-employed person for a
 * 6-month bank statement before they decide; the person's files reach the lender that asked, byte for byte, and
 * the lender then answers. The files come from an in-memory store standing in for the encrypted one.
 */

const selfEmployed = {
  incomeTypes: [{ type: 'selfEmployment' as const, employmentDuration: 'over12Months' as const }],
};
const STATEMENT_LENDERS = ['ziemelu-banka', 'balta-berza-banka'];

/** The files of each item, as the person's upload would have stored them. */
class MemoryFileSource implements DocumentFileSource {
  readonly #files = new Map<string, { file: DocumentFile; data: Buffer }[]>();
  readonly #byId = new Map<string, Buffer>();

  add(itemId: string, contentType: string, data: Buffer): DocumentFile {
    const file = {
      fileId: randomUUID(),
      contentType,
      bytes: data.length,
      sha256: createHash('sha256').update(data).digest('hex'),
    };
    this.#files.set(itemId, [...(this.#files.get(itemId) ?? []), { file, data }]);
    this.#byId.set(file.fileId, data);
    return file;
  }

  async list(itemId: string): Promise<DocumentFile[]> {
    return (this.#files.get(itemId) ?? []).map((entry) => entry.file);
  }

  async open(fileId: string): Promise<Readable> {
    const data = present(this.#byId.get(fileId), 'the file');
    // in small chunks, as a store streams a large file
    const chunks = Array.from({ length: Math.ceil(data.length / 4096) }, (_, i) =>
      data.subarray(i * 4096, (i + 1) * 4096),
    );
    return Readable.from(chunks);
  }
}

const pdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(size)]);

describe.each<Storage>(['pglite', 'postgres'])("a lender's documents request (%s)", (storage) => {
  let running: RunningBroker;
  let base: string;
  const files = new MemoryFileSource();

  beforeAll(async () => {
    running = await startBroker({ storage, postgresUrl: inject('postgresUrl') });
    base = running.url;
    useDocumentFileSource(running.broker, files);
  });
  afterAll(async () => running.close());

  const lenderOf = (current: ApplicationStatus, lenderId: string): LenderStatus =>
    present(
      current.lenders.find((lender) => lender.lenderId === lenderId),
      lenderId,
    );

  const documentsRequested = (current: ApplicationStatus) =>
    STATEMENT_LENDERS.every((id) => current.lenders.find((l) => l.lenderId === id)?.progress === 'documentsRequested');

  /** A self-employed person's application, identified, once the statement lenders asked for documents. */
  async function asked(language: 'lv' | 'ru' = 'lv'): Promise<{ token: string; current: ApplicationStatus }> {
    const token = await submit(base, selfEmployed, language);
    await identifyByBank(base, token, 'approve');
    return { token, current: await waitForStatus(base, token, documentsRequested) };
  }

  async function requestRowOf(token: string, lenderId: string): Promise<string> {
    const applicationId = await applicationIdForToken(running.broker, token);
    const [row] = (
      await running.broker.db.query<{ id: string }>(
        'SELECT id FROM lender_requests WHERE application_id = $1 AND lender_id = $2',
        [applicationId, lenderId],
      )
    ).rows;
    return present(row, `the request to ${lenderId}`).id;
  }

  /** A callback signed with the lender's key, sent once. */
  function callback(lenderId: string, body: Record<string, unknown>): Promise<Response> {
    const lender = present(running.broker.lenders.get(lenderId), 'the lender');
    const raw = JSON.stringify({ requestId: randomUUID(), lenderId, ...body });
    const headers = { 'content-type': 'application/json', ...signPartnerMessage(lender.secret, raw, lenderId) };
    return fetch(`${base}/api/partner/v1/decisions`, { method: 'POST', headers, body: raw });
  }

  const behaviour = (lenderId: string, mode: 'normal' | 'silent') =>
    fetch(`${base}/sandbox/lenders/${lenderId}/behaviour`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mode }),
    });

  it("shows a sandbox lender's request under its lender, with the progress documentsRequested", async () => {
    const { current } = await asked();
    const ziemelu = lenderOf(current, 'ziemelu-banka');
    expect(ziemelu.documentRequests).toEqual([
      {
        id: expect.any(String),
        items: [
          { id: expect.any(String), kind: 'bankStatement', months: 6, state: 'open', files: [], bankShare: null },
        ],
        dueAt: expect.any(String),
        state: 'open',
      },
    ]);
    const due = Date.parse(present(ziemelu.documentRequests[0]).dueAt);
    expect(due).toBeGreaterThan(Date.now() + 13 * 86_400_000);
    // the other lenders decided without documents
    const others = current.lenders.filter((lender) => !STATEMENT_LENDERS.includes(lender.lenderId));
    expect(others.every((lender) => lender.documentRequests.length === 0)).toBe(true);

    // an employed person asking for 12 000 € is asked for nothing, by any lender
    const plain = await submit(base);
    await identifyByBank(base, plain, 'approve');
    const answered = await waitForStatus(base, plain, (s) =>
      s.lenders.every((lender) => ['offer', 'declined', 'noAnswer'].includes(lender.progress)),
    );
    expect(answered.lenders.every((lender) => lender.documentRequests.length === 0)).toBe(true);
  });

  it("stores a repeated request once, in the application's language, and refuses one from a lender that answered", async () => {
    const { token, current } = await asked('ru');
    const applicationRef = await requestRowOf(token, 'ziemelu-banka');
    const request = {
      applicationRef,
      type: 'documentsRequest',
      documentsRequestId: 'extra-7',
      items: [
        { kind: 'other', text: { lv: 'Darba līguma kopija', ru: 'Копия трудового договора' } },
        { kind: 'incomeProof' },
      ],
      dueAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    };
    // the lender sends it again after a lost answer: a new message (nonce), the same request
    expect((await callback('ziemelu-banka', request)).status).toBe(200);
    expect((await callback('ziemelu-banka', request)).status).toBe(200);
    const after = await status(base, token);
    const requests = lenderOf(after, 'ziemelu-banka').documentRequests;
    expect(requests).toHaveLength(2);
    expect(requests[1]).toMatchObject({
      items: [{ kind: 'other', text: 'Копия трудового договора' }, { kind: 'incomeProof' }],
      state: 'open',
    });
    expect(requests[1]?.items[0]).not.toHaveProperty('months');

    // a lender that made its offer has said its word
    const offered = present(
      current.lenders.find((lender) => lender.progress === 'offer'),
      'a lender that offered',
    );
    const late = await callback(offered.lenderId, {
      ...request,
      applicationRef: await requestRowOf(token, offered.lenderId),
    });
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ error: 'wrongState' });
    expect(lenderOf(await status(base, token), offered.lenderId).documentRequests).toEqual([]);
  });

  it('delivers exactly the files sent to the lender that asked, marks them received, and the lender answers', async () => {
    const { token, current } = await asked();
    const statement = present(lenderOf(current, 'ziemelu-banka').documentRequests[0]?.items[0], 'the item');
    const statementPdf = files.add(statement.id, 'application/pdf', pdf(200_000));
    const page = files.add(statement.id, 'image/png', randomBytes(5000));
    const photo = present(lenderOf(current, 'balta-berza-banka').documentRequests[0]?.items[0], 'the item');
    const photoFile = files.add(photo.id, 'image/jpeg', randomBytes(30_000));

    await queueDocumentDelivery(running.broker, statement.id);
    await queueDocumentDelivery(running.broker, photo.id);
    const sent = await status(base, token);
    expect(STATEMENT_LENDERS.map((id) => lenderOf(sent, id).progress)).not.toContain('documentsRequested');

    const decided = await waitForStatus(base, token, (s) =>
      STATEMENT_LENDERS.every((id) => ['offer', 'declined'].includes(lenderOf(s, id).progress)),
    );
    // a PDF statement stands for the declared income; a photo alone is no statement of income
    expect(lenderOf(decided, 'ziemelu-banka').progress).toBe('offer');
    expect(lenderOf(decided, 'balta-berza-banka')).toMatchObject({ progress: 'declined', declineReason: 'income' });
    for (const id of STATEMENT_LENDERS) expect(lenderOf(decided, id).documentRequests[0]?.state).toBe('received');
    expect(decided.offers.some((offer) => offer.lenderId === 'ziemelu-banka')).toBe(true);

    const received = (await (await fetch(`${base}/sandbox/lenders/documents`)).json()) as {
      lenderId: string;
      itemId: string;
      requestId: string;
      kind: string;
      files: { contentType: string; bytes: number; sha256: string }[];
    }[];
    const fileFacts = ({ contentType, bytes, sha256 }: DocumentFile) => ({ contentType, bytes, sha256 });
    expect(received.filter((record) => record.itemId === statement.id)).toEqual([
      {
        lenderId: 'ziemelu-banka',
        reference: expect.any(String),
        applicationRef: expect.any(String),
        requestId: expect.stringMatching(/^docs-/),
        itemId: statement.id,
        index: 0,
        kind: 'bankStatement',
        files: [fileFacts(statementPdf), fileFacts(page)],
        receivedAt: expect.any(String),
      },
    ]);
    expect(received.filter((record) => record.itemId === photo.id)).toEqual([
      expect.objectContaining({ lenderId: 'balta-berza-banka', files: [fileFacts(photoFile)] }),
    ]);

    // an item the lender has received is no longer the person's to send, and the lender keeps it once
    await expect(queueDocumentDelivery(running.broker, statement.id)).rejects.toMatchObject({ reason: 'wrongState' });
    const again = (await (await fetch(`${base}/sandbox/lenders/documents?lenderId=ziemelu-banka`)).json()) as {
      itemId: string;
    }[];
    expect(again.filter((record) => record.itemId === statement.id)).toHaveLength(1);
  });

  it("counts the lender's own time from the person's answer, not from the send", async () => {
    const { token, current } = await asked();
    const applicationId = await applicationIdForToken(running.broker, token);
    const progress = async () => lenderOf(await status(base, token), 'ziemelu-banka').progress;
    // sent two hours ago, an hour more than a lender has: it waits for the person all the same
    await running.broker.db.query(
      `UPDATE lender_requests SET sent_at = now() - interval '2 hours' WHERE application_id = $1 AND lender_id = $2`,
      [applicationId, 'ziemelu-banka'],
    );
    await expireOverdueLenderRequests(running.broker);
    expect(await progress()).toBe('documentsRequested');

    expect((await behaviour('ziemelu-banka', 'silent')).status).toBe(200);
    try {
      const item = present(lenderOf(current, 'ziemelu-banka').documentRequests[0]?.items[0], 'the item');
      files.add(item.id, 'application/pdf', pdf(1000));
      await queueDocumentDelivery(running.broker, item.id);
      await waitForStatus(base, token, (s) => lenderOf(s, 'ziemelu-banka').documentRequests[0]?.state === 'received');
      await expireOverdueLenderRequests(running.broker);
      expect(await progress()).toBe('sent');

      // an hour and more after the answer, the silent lender counts as not answering
      await running.broker.db.query(
        `UPDATE document_requests SET answered_at = now() - interval '61 minutes'
         WHERE application_id = $1 AND lender_id = $2`,
        [applicationId, 'ziemelu-banka'],
      );
      await expireOverdueLenderRequests(running.broker);
      expect(await progress()).toBe('noAnswer');
    } finally {
      await behaviour('ziemelu-banka', 'normal');
    }
  });

  it('ends a request past its due date: expired, the lender no answer unless it answers', async () => {
    const { token, current } = await asked();
    const applicationId = await applicationIdForToken(running.broker, token);
    await running.broker.db.query(
      `UPDATE document_requests SET due_at = now() - interval '1 minute' WHERE application_id = $1 AND lender_id = $2`,
      [applicationId, 'ziemelu-banka'],
    );
    await expireDueDocumentRequests(running.broker);
    const expired = await status(base, token);
    expect(lenderOf(expired, 'ziemelu-banka')).toMatchObject({
      progress: 'noAnswer',
      documentRequests: [expect.objectContaining({ state: 'expired' })],
    });
    // the other lender's request still waits for the person
    expect(lenderOf(expired, 'balta-berza-banka').progress).toBe('documentsRequested');

    const item = present(lenderOf(current, 'ziemelu-banka').documentRequests[0]?.items[0], 'the item');
    files.add(item.id, 'application/pdf', pdf(1000));
    await expect(queueDocumentDelivery(running.broker, item.id)).rejects.toMatchObject({ reason: 'wrongState' });

    const decline = await callback('ziemelu-banka', {
      applicationRef: await requestRowOf(token, 'ziemelu-banka'),
      type: 'decline',
      reason: 'income',
    });
    expect(decline.status).toBe(200);
    expect(lenderOf(await status(base, token), 'ziemelu-banka')).toMatchObject({
      progress: 'declined',
      declineReason: 'income',
    });
  });
});

describe.each<Storage>(['pglite', 'postgres'])(
  'a document uploaded by the person, on to the lender (%s)',
  (storage) => {
    let running: RunningBroker;
    let base: string;
    beforeAll(async () => {
      running = await startBroker({ storage, postgresUrl: inject('postgresUrl') });
      base = running.url;
    });
    afterAll(async () => running.close());

    it('reaches the lender that asked byte for byte, from the encrypted store, and the request is received', async () => {
      const token = await submit(base, selfEmployed);
      await identifyByBank(base, token, 'approve');
      const asked = await waitForStatus(
        base,
        token,
        (s) => s.lenders.find((lender) => lender.lenderId === 'ziemelu-banka')?.progress === 'documentsRequested',
      );
      const request = present(
        asked.lenders.find((lender) => lender.lenderId === 'ziemelu-banka')?.documentRequests[0],
        'the request',
      );
      const item = present(request.items[0], 'the item');
      const statement = Buffer.from(`%PDF-1.4\n${'0123456789 '.repeat(20_000)}\n%%EOF\n`);

      const form = new FormData();
      form.append('token', token);
      form.append('requestId', request.id);
      form.append('itemId', item.id);
      form.append('file', new Blob([new Uint8Array(statement)], { type: 'application/pdf' }), 'izraksts.pdf');
      expect((await fetch(`${base}/api/applications/documents`, { method: 'POST', body: form })).status).toBe(201);
      const sent = await fetch(`${base}/api/applications/documents/send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token, requestId: request.id, itemId: item.id }),
      });
      expect(sent.status).toBe(202);

      const received = await waitForStatus(
        base,
        token,
        (s) =>
          s.lenders.find((lender) => lender.lenderId === 'ziemelu-banka')?.documentRequests[0]?.state === 'received',
      );
      expect(received.lenders.find((lender) => lender.lenderId === 'ziemelu-banka')?.progress).not.toBe(
        'documentsRequested',
      );
      const atLender = (await (await fetch(`${base}/sandbox/lenders/documents?lenderId=ziemelu-banka`)).json()) as {
        itemId: string;
        files: { contentType: string; bytes: number; sha256: string }[];
      }[];
      expect(atLender.find((record) => record.itemId === item.id)?.files).toEqual([
        {
          contentType: 'application/pdf',
          bytes: statement.length,
          sha256: createHash('sha256').update(statement).digest('hex'),
        },
      ]);
    });
  },
);
