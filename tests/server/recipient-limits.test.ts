import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { validApplication } from '../fixtures/application.ts';
import { QUEUES } from '../../server/jobs/queues.ts';
import { startBroker, type RunningBroker, type Storage } from '../support/broker.ts';
import { queueDrained } from '../support/settled.ts';

/**
 * Every message an outside request sets off is limited per recipient, whoever asks and from wherever: requests
 * here come from a new client address each (the server trusts X-Forwarded-For, as behind the proxy), so no
 * per-address limit is what holds them back. The per-address limit still holds one caller on its own.
 */
describe.each<Storage>(['pglite', 'postgres'])('a limit per recipient for messages sent on request (%s)', (storage) => {
  let running: RunningBroker;
  let base: string;
  const trustProxyBefore = process.env.TRUST_PROXY;
  let clients = 0;
  /** A client address no request has come from yet. */
  const newClient = () => {
    clients += 1;
    return `198.51.100.${clients}`;
  };

  beforeAll(async () => {
    process.env.TRUST_PROXY = 'true';
    // the per-address limits as in production: twenty submissions and five opt-out codes a minute per client
    running = await startBroker({ storage, postgresUrl: inject('postgresUrl'), env: { RATE_LIMIT_SCALE: '1' } });
    base = running.url;
  });
  afterAll(async () => {
    await running.close();
    if (trustProxyBefore === undefined) delete process.env.TRUST_PROXY;
    else process.env.TRUST_PROXY = trustProxyBefore;
  });

  const randomPhone = () => `+3712${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const texts = async (to: string) =>
    (await (await fetch(`${base}/sandbox/sms/messages.json?to=${encodeURIComponent(to)}`)).json()) as unknown[];
  const mails = async (to: string) =>
    (await (await fetch(`${base}/sandbox/mail/messages.json?to=${encodeURIComponent(to)}`)).json()) as {
      subject: string;
    }[];

  const startOptOut = (phoneNumber: string, client: string, language = 'lv') =>
    fetch(`${base}/api/sms-opt-out/start`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
      body: JSON.stringify({ phoneNumber, language }),
    });

  const submitFrom = (client: string, email: string) =>
    fetch(`${base}/api/applications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID(), 'x-forwarded-for': client },
      body: JSON.stringify({ language: 'lv', application: { ...validApplication, email, emailNotices: true } }),
    });

  it('sends one phone three opt-out codes an hour however many addresses ask; one address is held at five a minute', async () => {
    const victim = randomPhone();
    for (let sent = 0; sent < 3; sent++) expect((await startOptOut(victim, newClient())).status).toBe(202);
    const refused = await startOptOut(victim, newClient(), 'ru');
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ error: 'tooManyCodes' });
    await queueDrained(running.broker.boss, QUEUES.notice);
    expect(await texts(victim)).toHaveLength(3);

    // one address asking for many numbers meets the per-address limit instead
    const busy = newClient();
    const answers: number[] = [];
    for (let asked = 0; asked < 6; asked++) answers.push((await startOptOut(randomPhone(), busy)).status);
    expect(answers).toEqual([202, 202, 202, 202, 202, 429]);
  });

  it('sends one mailbox three receipts an hour, however many addresses submit with it, and takes every submission', async () => {
    const mailbox = `victim-${randomUUID().slice(0, 8)}`;
    // the same mailbox written five ways: case and a +tag do not make another recipient
    const spellings = [
      `${mailbox}@example.lv`,
      `${mailbox.toUpperCase()}@Example.LV`,
      `${mailbox}+a@example.lv`,
      `${mailbox}+b@example.lv`,
      `${mailbox}@example.lv`,
    ];
    for (const email of spellings) expect((await submitFrom(newClient(), email)).status).toBe(201);
    await queueDrained(running.broker.boss, QUEUES.notice);
    const received = (
      await Promise.all([...new Set(spellings.map((email) => email.toLowerCase()))].map((email) => mails(email)))
    ).flat();
    expect(received).toHaveLength(3);

    // someone else's mailbox is not held back
    const other = `other-${randomUUID().slice(0, 8)}@example.lv`;
    expect((await submitFrom(newClient(), other)).status).toBe(201);
    await queueDrained(running.broker.boss, QUEUES.notice);
    expect(await mails(other)).toHaveLength(1);
  });
});
