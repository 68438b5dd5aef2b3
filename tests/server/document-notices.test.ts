import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { ApplicationStatus } from '../../domain/api.ts';
import type { DocumentRequest } from '../../domain/documents.ts';
import { applicationIdForToken } from '../../server/applications/lookup.ts';
import { requeueUndeliveredDocuments } from '../../server/documents/delivery.ts';
import { QUEUES } from '../../server/jobs/queues.ts';
import { signPartnerMessage } from '../../server/lenders/partner-protocol.ts';
import { startBroker, type RunningBroker, type Storage } from '../support/broker.ts';
import { identifyByBank, status, submit, waitForStatus } from '../support/flow.ts';
import { present } from '../support/present.ts';
import { jobAwaitsRetry, lenderCallbacksAnswered, queueDrained } from '../support/settled.ts';

/**
 * A lender's documents request as the person hears of it (issue 33): a message a request, by e-mail and by SMS when
 * chosen, whose continue link opens the application at that request in a browser that holds no token; and a sent
 * item whose delivery job is gone, queued again by the sweep and received by the lender once.
 */

interface Mail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

const selfEmployed = {
  incomeTypes: [{ type: 'selfEmployment' as const, employmentDuration: 'over12Months' as const }],
};
/** the sandbox lenders that ask a self-employed person for a 6-month bank statement */
const STATEMENT_LENDERS = ['ziemelu-banka', 'balta-berza-banka'];
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

describe.each<Storage>(['pglite', 'postgres'])("messages of a lender's documents request (%s)", (storage) => {
  let running: RunningBroker;
  let base: string;

  beforeAll(async () => {
    running = await startBroker({
      storage,
      postgresUrl: inject('postgresUrl'),
      env: { NOTICE_RETRY_DELAY_SECONDS: '1', NOTICE_BATCH_SECONDS: '1' },
    });
    base = running.url;
  });
  afterAll(async () => running.close());

  const address = () => `docs-${randomUUID().slice(0, 8)}@example.lv`;
  const phone = () => `+3712${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const mails = async (to: string): Promise<Mail[]> =>
    (await (await fetch(`${base}/sandbox/mail/messages.json?to=${encodeURIComponent(to)}`)).json()) as Mail[];
  const texts = async (to: string): Promise<{ text: string }[]> =>
    (await (await fetch(`${base}/sandbox/sms/messages.json?to=${encodeURIComponent(to)}`)).json()) as {
      text: string;
    }[];
  /** What the lenders set off is over: their callbacks answered, every message queued for them worked. */
  const settled = async () => {
    await lenderCallbacksAnswered(base);
    await queueDrained(running.broker.boss, QUEUES.notice);
  };
  const nameOf = (lenderId: string) => present(running.broker.lenders.get(lenderId), lenderId).name;
  const requestOf = (current: ApplicationStatus, lenderId: string, index = 0): DocumentRequest =>
    present(current.lenders.find((lender) => lender.lenderId === lenderId)?.documentRequests[index], lenderId);
  const documentsRequested = (current: ApplicationStatus) =>
    STATEMENT_LENDERS.every((id) => current.lenders.find((l) => l.lenderId === id)?.progress === 'documentsRequested');

  /** A self-employed person's application, identified, once both statement lenders asked for documents. */
  async function asked(contacts: Record<string, unknown>, language: 'lv' | 'ru' = 'lv') {
    const token = await submit(base, { ...selfEmployed, ...contacts }, language);
    await identifyByBank(base, token, 'approve');
    const current = await waitForStatus(base, token, documentsRequested);
    await settled();
    return { token, current };
  }

  const continueLinkIn = (text: string): string =>
    present(
      new RegExp(`${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/api/continue\\?[^\\s"<>)]*`).exec(text),
      'link',
    )[0];

  /**
   * Opens a message's link as a browser that holds nothing would: the redirect, then the one-time code it carries
   * traded for the application's token, as the wizard does. The landing address and the token.
   */
  async function open(link: string): Promise<{ location: string; token: string }> {
    const opened = await fetch(link, { redirect: 'manual' });
    expect(opened.status).toBe(303);
    const location = opened.headers.get('location') ?? '';
    const handoff = new URL(location, base).searchParams.get('handoff');
    const redeemed = await fetch(`${base}/api/applications/handoff/redeem`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: handoff }),
    });
    expect(redeemed.status).toBe(200);
    return { location, token: ((await redeemed.json()) as { token: string }).token };
  }

  async function lenderRequestOf(applicationId: string, lenderId: string): Promise<string> {
    const [row] = (
      await running.broker.db.query<{ id: string }>(
        'SELECT id FROM lender_requests WHERE application_id = $1 AND lender_id = $2',
        [applicationId, lenderId],
      )
    ).rows;
    return present(row, `the request to ${lenderId}`).id;
  }

  /** A callback signed with the lender's key. */
  function callback(lenderId: string, body: Record<string, unknown>): Promise<Response> {
    const lender = present(running.broker.lenders.get(lenderId), 'the lender');
    const raw = JSON.stringify({ requestId: randomUUID(), lenderId, ...body });
    const headers = { 'content-type': 'application/json', ...signPartnerMessage(lender.secret, raw, lenderId) };
    return fetch(`${base}/api/partner/v1/decisions`, { method: 'POST', headers, body: raw });
  }

  it('e-mails each lender’s request in Latvian, and its link opens that request in a browser without a token', async () => {
    const email = address();
    const { current } = await asked({ email });
    const list = (await mails(email)).filter((mail) => mail.subject.endsWith('lūdz dokumentus'));
    expect(list.map((mail) => mail.subject).sort()).toEqual(
      STATEMENT_LENDERS.map((id) => `Aizdevējs ${nameOf(id)} lūdz dokumentus`).sort(),
    );
    for (const lenderId of STATEMENT_LENDERS) {
      const mail = present(
        list.find((found) => found.subject.includes(nameOf(lenderId))),
        lenderId,
      );
      expect(mail.html).toContain('lang="lv"');
      expect(mail.text).toContain(
        `aizdevējs ${nameOf(lenderId)} lūdz iesniegt šādus dokumentus: bankas konta izraksts par pēdējiem 6 mēnešiem.`,
      );
      expect(mail.text).toMatch(/Termiņš: līdz \d\d\.\d\d\.\d{4} \d\d:\d\d\./);
      expect(mail.text).not.toContain('010180');

      const { location, token } = await open(continueLinkIn(mail.text));
      const request = requestOf(current, lenderId);
      expect(location).toMatch(new RegExp(`^/applicantWorkflow/waiting\\?handoff=[\\w-]{43}#dokumenti-${UUID}$`));
      expect(location.endsWith(`#dokumenti-${request.id}`)).toBe(true);
      // the token the link gave opens the application, with the request the fragment names
      expect(requestOf(await status(base, token), lenderId)).toMatchObject({ id: request.id, state: 'open' });
    }
  });

  it('writes to a Russian application in Russian, and its link lands on the request under /ru', async () => {
    const email = address();
    const { current } = await asked({ email }, 'ru');
    const mail = present(
      (await mails(email)).find((found) => found.subject === `Кредитор ${nameOf('ziemelu-banka')} просит документы`),
      'the Russian message',
    );
    expect(mail.html).toContain('lang="ru"');
    expect(mail.text).toContain(
      `кредитор ${nameOf('ziemelu-banka')} просит предоставить следующие документы: выписка со счёта за последние 6 месяцев.`,
    );
    expect(mail.text).toContain('Загрузить документы: ');
    const { location, token } = await open(continueLinkIn(mail.text));
    const request = requestOf(current, 'ziemelu-banka');
    expect(location).toMatch(
      new RegExp(`^/ru/applicantWorkflow/waiting\\?handoff=[\\w-]{43}#dokumenty-${request.id}$`),
    );
    expect(requestOf(await status(base, token), 'ziemelu-banka').id).toBe(request.id);
  });

  it('texts the request to who chose SMS, and to no one who did not', async () => {
    const phoneNumber = phone();
    await asked({ email: address(), phoneNumber, smsNotices: true });
    const sms = (await texts(phoneNumber)).filter((found) => found.text.includes('lūdz dokumentus'));
    expect(sms).toHaveLength(STATEMENT_LENDERS.length);
    for (const lenderId of STATEMENT_LENDERS) {
      const found = present(
        sms.find((text) => text.text.includes(nameOf(lenderId))),
        lenderId,
      );
      expect(found.text).toMatch(/^Kreditkompass: aizdevējs .+ lūdz dokumentus līdz \d\d\.\d\d\.\d{4} \d\d:\d\d\./);
      expect(found.text).toContain(`${base}/api/continue?`);
    }
    const quiet = phone();
    await asked({ email: address(), phoneNumber: quiet, smsNotices: false });
    expect(await texts(quiet)).toEqual([]);
  });

  it('sends one message a request, however often the lender repeats its callback', async () => {
    const email = address();
    const { token } = await asked({ email });
    const applicationId = await applicationIdForToken(running.broker, token);
    const request = {
      applicationRef: await lenderRequestOf(applicationId, 'ziemelu-banka'),
      type: 'documentsRequest',
      documentsRequestId: 'extra-7',
      items: [{ kind: 'other', text: { lv: 'Darba līguma kopija', ru: 'Копия трудового договора' } }],
      dueAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    };
    // the lender's first request was told already; it asks for more, and sends that again after a lost answer
    for (let sent = 0; sent < 3; sent++) expect((await callback('ziemelu-banka', request)).status).toBe(200);
    await settled();
    const fromZiemelu = (await mails(email)).filter(
      (mail) => mail.subject === `Aizdevējs ${nameOf('ziemelu-banka')} lūdz dokumentus`,
    );
    expect(fromZiemelu).toHaveLength(2);
    expect(fromZiemelu.filter((mail) => mail.text.includes('šādus dokumentus: Darba līguma kopija.'))).toHaveLength(1);
    expect((await mails(email)).filter((mail) => mail.subject.endsWith('lūdz dokumentus'))).toHaveLength(3);
  });

  it('sends nothing of a request that ended while its message waited for the mail server', async () => {
    const email = address();
    const { token } = await asked({ email });
    const applicationId = await applicationIdForToken(running.broker, token);
    const outage = (down: boolean) =>
      fetch(`${base}/sandbox/mail/outage`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ down }),
      });
    await outage(true);
    try {
      const request = {
        applicationRef: await lenderRequestOf(applicationId, 'ziemelu-banka'),
        type: 'documentsRequest',
        documentsRequestId: 'late-1',
        items: [{ kind: 'incomeProof' }],
        dueAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      };
      expect((await callback('ziemelu-banka', request)).status).toBe(200);
      await jobAwaitsRetry(running.broker.boss, QUEUES.notice);
      // the request expires before the mail server is back
      await running.broker.db.query(
        `UPDATE document_requests SET state = 'expired' WHERE application_id = $1 AND lender_request_id = 'late-1'`,
        [applicationId],
      );
    } finally {
      await outage(false);
    }
    await queueDrained(running.broker.boss, QUEUES.notice, 30_000);
    expect((await mails(email)).filter((mail) => mail.text.includes('izziņa par ienākumiem'))).toEqual([]);
    const { rows } = await running.broker.db.query<{ state: string }>(
      `SELECT n.state FROM notices n JOIN document_requests r ON r.id = n.document_request_id
       WHERE r.application_id = $1 AND r.lender_request_id = 'late-1'`,
      [applicationId],
    );
    expect(rows).toEqual([{ state: 'superseded' }]);
  });

  it('queues a sent item whose delivery job is gone again at the sweep, and the lender receives it once', async () => {
    const { token, current } = await asked({ email: address() });
    const request = requestOf(current, 'ziemelu-banka');
    const item = present(request.items[0], 'the item');
    const form = new FormData();
    form.append('token', token);
    form.append('requestId', request.id);
    form.append('itemId', item.id);
    const statement = `%PDF-1.4\n${'0123456789 '.repeat(2000)}\n%%EOF\n`;
    form.append('file', new Blob([statement], { type: 'application/pdf' }), 'izraksts.pdf');
    expect((await fetch(`${base}/api/applications/documents`, { method: 'POST', body: form })).status).toBe(201);

    // the item is marked sent, and then its job cannot be queued
    const { boss } = running.broker;
    const send = boss.send.bind(boss) as (...args: unknown[]) => Promise<string | null>;
    const queueDown = vi
      .spyOn(boss, 'send')
      .mockImplementation(((...args: unknown[]) =>
        args[0] === QUEUES.documentDelivery
          ? Promise.reject(new Error('queue unavailable'))
          : send(...args)) as typeof boss.send);
    try {
      const sent = await fetch(`${base}/api/applications/documents/send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token, requestId: request.id, itemId: item.id }),
      });
      expect(sent.status).toBe(202);
    } finally {
      queueDown.mockRestore();
    }
    const atLender = async () =>
      (
        (await (await fetch(`${base}/sandbox/lenders/documents?lenderId=ziemelu-banka`)).json()) as {
          itemId: string;
        }[]
      ).filter((record) => record.itemId === item.id);
    await queueDrained(boss, QUEUES.documentDelivery);
    expect(await atLender()).toEqual([]);
    expect(requestOf(await status(base, token), 'ziemelu-banka').items[0]?.state).toBe('sent');

    // a freshly sent item is the person's own send's to queue; here the minute has passed
    await running.broker.db.query(`UPDATE document_items SET sent_at = now() - interval '2 minutes' WHERE id = $1`, [
      item.id,
    ]);
    // two sweeps at once (two processes) queue it once
    const queued = await Promise.all([
      requeueUndeliveredDocuments(running.broker),
      requeueUndeliveredDocuments(running.broker),
    ]);
    expect(queued[0] + queued[1]).toBe(1);
    expect(await requeueUndeliveredDocuments(running.broker)).toBe(0);

    const received = await waitForStatus(base, token, (s) => requestOf(s, 'ziemelu-banka').state === 'received');
    expect(requestOf(received, 'ziemelu-banka').items[0]?.state).toBe('received');
    await queueDrained(boss, QUEUES.documentDelivery);
    expect(await atLender()).toHaveLength(1);
    // received: nothing left for the sweep
    expect(await requeueUndeliveredDocuments(running.broker)).toBe(0);
    expect(await atLender()).toHaveLength(1);
  });
});
