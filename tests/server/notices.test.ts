import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { QUEUES } from '../../server/jobs/queues.ts';
import { startBroker, type RunningBroker } from '../support/broker.ts';
import {
  allLendersAnswered,
  formOf,
  identifyByBank,
  loginByBank as loginThroughBank,
  postForm,
  status,
  submit,
  waitForStatus,
} from '../support/flow.ts';
import { jobAwaitsRetry, lenderCallbacksAnswered, queueDrained } from '../support/settled.ts';

/**
 * Messages as a person receives them: over SMTP into the sandbox's mailbox and through the SMS gateway
 * into the sandbox's phone list; their links; consent and opt-outs that stop them; SMTP down and back.
 */

interface Mail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  readonly receivedAt: string;
  readonly headers: Record<string, string>;
}
interface Sms {
  readonly to: string;
  readonly text: string;
}

describe('e-mail and SMS notices', () => {
  let running: RunningBroker;
  let base: string;

  beforeAll(async () => {
    running = await startBroker({
      storage: 'postgres',
      postgresUrl: inject('postgresUrl'),
      env: { NOTICE_RETRY_DELAY_SECONDS: '1', NOTICE_BATCH_SECONDS: '1' },
    });
    base = running.url;
  });
  afterAll(async () => running.close());

  const address = () => `person-${randomUUID().slice(0, 8)}@example.lv`;
  const mails = async (to: string): Promise<Mail[]> =>
    (await (await fetch(`${base}/sandbox/mail/messages.json?to=${encodeURIComponent(to)}`)).json()) as Mail[];
  const texts = async (to: string): Promise<Sms[]> =>
    (await (await fetch(`${base}/sandbox/sms/messages.json?to=${encodeURIComponent(to)}`)).json()) as Sms[];

  const eventually = async <T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000) => {
    const deadline = Date.now() + timeoutMs;
    let value = await read();
    while (!done(value)) {
      if (Date.now() > deadline) throw new Error(`not in time: ${JSON.stringify(value).slice(0, 400)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      value = await read();
    }
    return value;
  };
  /** What the application set off is over: the lenders' answers stored, every message queued for them worked. */
  const noticesSettled = async () => {
    await lenderCallbacksAnswered(base);
    await queueDrained(running.broker.boss, QUEUES.notice);
  };
  /** Logs in to the account through the sandbox bank; the session's cookie. */
  const loginByBank = async (personalCode: string): Promise<string> =>
    (await loginThroughBank(base, personalCode)).setCookie.split(';')[0] ?? '';
  const linkIn = (mail: Mail | undefined, path: string) => {
    const match = new RegExp(`${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}${path}[^\\s"<>)]*`).exec(mail?.text ?? '');
    expect(match).not.toBeNull();
    return (match?.[0] ?? '').replaceAll('&amp;', '&');
  };

  it('sends the Russian "received" message whose link continues the application in any browser', async () => {
    const email = address();
    await submit(base, { email, emailNotices: true }, 'ru');
    const [received] = await eventually(
      () => mails(email),
      (list) => list.length > 0,
    );
    expect(received?.subject).toMatch(/[а-яё]/i);
    expect(received?.text).toContain('Jānis');
    expect(received?.text).not.toContain('010180');
    expect(received?.html).toContain('lang="ru"');
    expect(received?.headers['list-unsubscribe']).toMatch(
      /^<http:\/\/127\.0\.0\.1:\d+\/api\/notices\/unsubscribe\?code=/,
    );
    expect(received?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    const opened = await fetch(linkIn(received, '/api/continue'), { redirect: 'manual' });
    expect(opened.status).toBe(303);
    const location = opened.headers.get('location') ?? '';
    expect(location).toMatch(/^\/ru\/applicantWorkflow\/waiting\?handoff=[\w-]{43}$/);
    const redeemed = await fetch(`${base}/api/applications/handoff/redeem`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: location.split('=')[1] }),
    });
    expect(redeemed.status).toBe(200);
  });

  it('sends nothing to a person who turned e-mails about the application off on the form', async () => {
    const email = address();
    const token = await submit(base, { email, emailNotices: false });
    await identifyByBank(base, token, 'approve');
    await waitForStatus(base, token, allLendersAnswered);
    await noticesSettled();
    expect(await mails(email)).toEqual([]);
  });

  it("sends no message for a publisher's test application, even to who asked for them", async () => {
    const email = address();
    const phoneNumber = `+3712${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const token = await submit(base, { email, phoneNumber, emailNotices: true, smsNotices: true }, 'lv', {
      test: true,
    });
    await identifyByBank(base, token, 'approve');
    const answered = await waitForStatus(base, token, allLendersAnswered);
    expect(answered.test).toBe(true);
    expect(answered.offers.length).toBeGreaterThan(0);
    await noticesSettled();
    expect(await mails(email)).toEqual([]);
    expect(await texts(phoneNumber)).toEqual([]);
  });

  it('sends a default submission (no notice field) the receipt and the offers message by e-mail, and no SMS', async () => {
    const email = address();
    const phoneNumber = `+3712${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const token = await submit(base, { email, phoneNumber });
    const [received] = await eventually(
      () => mails(email),
      (found) => found.length > 0,
    );
    expect(received?.subject).toBe('Jūsu kredīta pieteikums ir saņemts');
    expect(received?.text).toContain('Atteikties no e-pasta ziņām');
    await identifyByBank(base, token, 'approve');
    await waitForStatus(base, token, allLendersAnswered);
    await noticesSettled();
    const list = await mails(email);
    expect(list.map((mail) => mail.subject).sort()).toEqual([
      'Jūsu kredīta pieteikums ir saņemts',
      'Visi aizdevēji ir atbildējuši',
    ]);
    expect(await texts(phoneNumber)).toEqual([]);
  });

  it('tells once when every lender has answered by the time the offers message goes, and SMS only to who chose it', async () => {
    const email = address();
    const phoneNumber = `+3712${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const token = await submit(base, { email, phoneNumber, emailNotices: true, smsNotices: true });
    await identifyByBank(base, token, 'approve');
    await waitForStatus(base, token, allLendersAnswered);
    await noticesSettled();
    const list = await mails(email);
    // received, then one message with the whole picture: no second one a moment later saying the same
    expect(list).toHaveLength(2);
    for (const mail of list) expect(mail.html).toContain('lang="lv"');
    const answered = list.find((mail) => mail.subject === 'Visi aizdevēji ir atbildējuši');
    expect(answered?.text).toMatch(/Visi aizdevēji ir atbildējuši: \d+ piedāvājum/);
    const sms = await eventually(
      () => texts(phoneNumber),
      (found) => found.length > 0,
    );
    expect(sms[0]?.text).toContain(`${base}/api/continue?`);
  });

  it('stops e-mails at once after a one-click unsubscribe', async () => {
    const email = address();
    const token = await submit(base, { email });
    const [received] = await eventually(
      () => mails(email),
      (list) => list.length > 0,
    );
    const oneClick = await fetch(received?.headers['list-unsubscribe']?.slice(1, -1) ?? '', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    await identifyByBank(base, token, 'approve');
    await waitForStatus(base, token, allLendersAnswered);
    await noticesSettled();
    expect(await mails(email)).toHaveLength(1);
  });

  it('stops the rest with the footer’s link: its page confirms with one button, as the page posts it', async () => {
    const email = address();
    const token = await submit(base, { email });
    const [received] = await eventually(
      () => mails(email),
      (list) => list.length > 0,
    );
    // the footer's link opens the site's page with the code in the fragment; its one button posts the code
    const footer = linkIn(received, '/e-pasta-atteikums');
    const code = new URLSearchParams(new URL(footer).hash.slice(1)).get('code');
    expect(code).toBeTruthy();
    expect(received?.html).toContain(`href="${footer.replaceAll('&', '&amp;')}"`);
    const confirmed = await fetch(`${base}/api/notices/unsubscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code, language: 'lv' }),
    });
    expect(confirmed.status).toBe(200);
    await identifyByBank(base, token, 'approve');
    await waitForStatus(base, token, allLendersAnswered);
    await noticesSettled();
    expect(await mails(email)).toHaveLength(1);
  });

  it('lets the account’s consent centre turn e-mails about applications off and on again', async () => {
    const email = address();
    const personalId = '120389-10050';
    const token = await submit(base, { email, personalId });
    await eventually(
      () => mails(email),
      (list) => list.length > 0,
    );
    const cookie = await loginByBank(personalId);
    const setEmails = async (granted: boolean) => {
      const response = await fetch(`${base}/api/account/consents`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ kind: 'email', granted }),
      });
      expect(response.status).toBe(200);
      const consents = (await response.json()) as { kind: string; granted: boolean; source: string }[];
      expect(consents.find((consent) => consent.kind === 'email')).toMatchObject({ granted, source: 'account' });
    };

    await setEmails(false);
    await identifyByBank(base, token, 'approve', personalId);
    const answered = await waitForStatus(base, token, allLendersAnswered);
    await noticesSettled();
    // off: the offers went unsent
    expect(await mails(email)).toHaveLength(1);

    await setEmails(true);
    const chosen = answered.offers[0];
    expect(chosen).toBeDefined();
    const choice = await fetch(`${base}/api/applications/chooseOffer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, offerId: chosen?.id }),
    });
    expect(choice.status).toBe(200);
    const { signUrl } = (await choice.json()) as { signUrl: string };
    const contract = await fetch(signUrl);
    const { action, fields } = formOf(await contract.text(), signUrl);
    expect((await postForm(action, { ...fields, consent: 'yes' })).status).toBe(303);
    // on again: the signed message comes, with the chosen lender's own payout time and no word of a personal link
    const list = await eventually(
      () => mails(email),
      (found) => found.length >= 2,
    );
    const signed = list.find((mail) => /ir parakstīts$/.test(mail.subject));
    expect(signed?.text).toContain(`ar aizdevēju ${chosen?.lenderName}`);
    expect(signed?.text).toContain(
      chosen?.payoutTime?.unit === 'workingDays'
        ? '1 darba dienas laikā pēc līguma'
        : '1 darba stundas laikā pēc līguma',
    );
    expect(signed?.text).not.toContain('Saite ir personīga');
    expect(chosen?.payoutTime).toBeDefined();
  });

  it('sends no second receipt for an application edited after a failed identification: the first one’s link opens the edited one', async () => {
    const email = address();
    const personalId = '311299-10112';
    const first = await submit(base, { email, personalId, amount: 5000 });
    const [received] = await eventually(
      () => mails(email),
      (list) => list.length > 0,
    );
    await identifyByBank(base, first, 'refuse', personalId);
    // "Labot pieteikumu": back to the form, the amount changed, sent again naming the application it edits
    const edited = await submit(base, { email, personalId, amount: 7000 }, 'lv', { replaces: first });
    expect(await status(base, first)).toMatchObject({ state: 'expired' });
    await identifyByBank(base, edited, 'approve', personalId);
    await waitForStatus(base, edited, allLendersAnswered);
    await noticesSettled();
    const list = await mails(email);
    expect(list.filter((mail) => mail.subject === 'Jūsu kredīta pieteikums ir saņemts')).toHaveLength(1);
    expect(list).toHaveLength(2);
    // the receipt's link continues the application as edited
    const opened = await fetch(linkIn(received, '/api/continue'), { redirect: 'manual' });
    const handoff = (opened.headers.get('location') ?? '').split('=')[1];
    const redeemed = await fetch(`${base}/api/applications/handoff/redeem`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: handoff }),
    });
    const { token } = (await redeemed.json()) as { token: string };
    expect(await status(base, token)).toMatchObject({ loan: { amount: 7000 } });

    // an identified application is an attempt of its own: a new one naming it replaces nothing and gets its own receipt
    await submit(base, { email, personalId, amount: 3000 }, 'lv', { replaces: edited });
    await eventually(
      () => mails(email),
      (found) => found.length === 3,
    );
    expect(await status(base, edited)).toMatchObject({ state: 'offers' });
    // nor does someone else's unidentified application: it stays as it was
    const theirs = await submit(base, { email: address() });
    await submit(base, { email, personalId, amount: 2000 }, 'lv', { replaces: theirs });
    expect(await status(base, theirs)).toMatchObject({ state: 'draft' });
  });

  it('keeps e-mails stopped from the receipt when the application is then edited and sent again', async () => {
    const email = address();
    const personalId = '150277-11235';
    const first = await submit(base, { email, personalId });
    const [received] = await eventually(
      () => mails(email),
      (list) => list.length > 0,
    );
    const oneClick = await fetch(received?.headers['list-unsubscribe']?.slice(1, -1) ?? '', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    // the edit's box is on as the form opens: that default does not undo the stop
    const edited = await submit(base, { email, personalId, amount: 7000 }, 'lv', { replaces: first });
    await identifyByBank(base, edited, 'approve', personalId);
    await waitForStatus(base, edited, allLendersAnswered);
    await noticesSettled();
    expect(await mails(email)).toHaveLength(1);
  });

  it('delivers a message queued while the mail server was down once it is back', async () => {
    const email = address();
    // no message of an earlier test is still on its way: a retry from here on is this test's
    await queueDrained(running.broker.boss, QUEUES.notice);
    await fetch(`${base}/sandbox/mail/outage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ down: true }),
    });
    try {
      const token = await submit(base, { email, emailNotices: true });
      // the application goes on meanwhile
      await identifyByBank(base, token, 'approve');
      // the "received" message was tried, failed, and waits for its retry
      await jobAwaitsRetry(running.broker.boss, QUEUES.notice);
      expect(await mails(email)).toEqual([]);
    } finally {
      await fetch(`${base}/sandbox/mail/outage`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ down: false }),
      });
    }
    // the other messages queued during the outage (offers ready, all answered) retry on their own
    // backoff and may arrive first: wait for the one queued first
    const received = (found: readonly { subject: string }[]) =>
      found.some((mail) => /pieteikums ir saņemts/i.test(mail.subject));
    const list = await eventually(() => mails(email), received, 30_000);
    expect(received(list)).toBe(true);
  });

  it('opts a phone out of SMS with a code sent to it, and sends it no more', async () => {
    const phoneNumber = `+3712${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const json = { 'content-type': 'application/json' };
    const started = await fetch(`${base}/api/sms-opt-out/start`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ phoneNumber, language: 'lv' }),
    });
    expect(started.status).toBe(202);
    const [codeSms] = await eventually(
      () => texts(phoneNumber),
      (found) => found.length > 0,
    );
    const code = /\b(\d{6})\b/.exec(codeSms?.text ?? '')?.[1];
    expect(code).toBeDefined();
    const wrong = await fetch(`${base}/api/sms-opt-out/confirm`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ phoneNumber, code: code === '000000' ? '111111' : '000000', language: 'ru' }),
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: 'wrongSmsCode', message: expect.stringMatching(/СМС/) });
    const right = await fetch(`${base}/api/sms-opt-out/confirm`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ phoneNumber, code }),
    });
    expect(right.status).toBe(200);

    const token = await submit(base, { email: address(), phoneNumber, smsNotices: true });
    await identifyByBank(base, token, 'approve');
    await waitForStatus(base, token, allLendersAnswered);
    await noticesSettled();
    expect(await texts(phoneNumber)).toHaveLength(1);
  });

  it('sends one phone at most three opt-out codes an hour, whoever asks; another number is not held back', async () => {
    const json = { 'content-type': 'application/json' };
    const start = (phoneNumber: string, language = 'lv') =>
      fetch(`${base}/api/sms-opt-out/start`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ phoneNumber, language }),
      });
    const victim = `+3712${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    for (let sent = 0; sent < 3; sent++) expect((await start(victim)).status).toBe(202);
    const refused = await start(victim, 'ru');
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ error: 'tooManyCodes', message: expect.stringMatching(/три кода/) });
    await eventually(
      () => texts(victim),
      (found) => found.length >= 3,
    );
    expect(await texts(victim)).toHaveLength(3);
    // the same caller, another number: the limit is the phone's, not the address's
    const other = `+3712${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    expect((await start(other)).status).toBe(202);
  });

  it('sends a spent or forged continue link to the page that points to the account', async () => {
    const forged = await fetch(`${base}/api/continue?code=abc.def&lang=ru`, { redirect: 'manual' });
    expect(forged.status).toBe(303);
    expect(forged.headers.get('location')).toBe('/ru/ssylka-nedeystvitelna');
    const none = await fetch(`${base}/api/continue`, { redirect: 'manual' });
    expect(none.headers.get('location')).toBe('/saite-nederiga');
    // a link a mail client or a person mangled is a spent link too, with its page and our headers, never JSON
    for (const query of ['?lang=AAA&code=abc', `?code=${'x'.repeat(500)}&lang=ru`, '?code=a&code=b']) {
      const mangled = await fetch(`${base}/api/continue${query}`, { redirect: 'manual' });
      expect(mangled.status, query).toBe(303);
      expect(mangled.headers.get('location'), query).toMatch(/^\/(ru\/ssylka-nedeystvitelna|saite-nederiga)$/);
      expect(mangled.headers.get('x-content-type-options'), query).toBe('nosniff');
    }
  });
});

describe('"all answered" after "offers ready", only when it adds something', () => {
  let running: RunningBroker;
  let base: string;

  beforeAll(async () => {
    // lenders answer one by one, 1.5 to 7 s after the application reached them, on a clock the test moves
    running = await startBroker({
      storage: 'pglite',
      env: {
        NOTICE_BATCH_SECONDS: '1',
        SANDBOX_LENDER_DELAY_MS: '1500-7000',
        SANDBOX_LENDER_CLOCK: 'manual',
      },
    });
    base = running.url;
  });
  afterAll(async () => running.close());

  const subjects = async (to: string): Promise<string[]> =>
    ((await (await fetch(`${base}/sandbox/mail/messages.json?to=${encodeURIComponent(to)}`)).json()) as Mail[]).map(
      (mail) => mail.subject,
    );
  const moveClock = async (advanceMs: number) => {
    const moved = await fetch(`${base}/sandbox/lenders/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceMs }),
    });
    expect(moved.status).toBe(200);
  };
  const until = async (done: () => Promise<boolean>, timeoutMs = 20_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await done())) {
      if (Date.now() > deadline) throw new Error('not in time');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  it('tells the first offers while lenders are still out, then that every lender answered', async () => {
    const email = `paced-${randomUUID().slice(0, 8)}@example.lv`;
    const token = await submit(base, { email });
    await identifyByBank(base, token, 'approve');
    // half a second of the lenders' time at a go, until an offer is in and some lender is still deciding
    await until(async () => {
      await moveClock(500);
      const now = await status(base, token);
      return now.offers.length > 0 && now.lenders.some((lender) => ['queued', 'sent'].includes(lender.progress));
    });
    await until(async () => (await subjects(email)).some((subject) => subject.startsWith('Pienākuši pirmie')));
    // the rest answer: that every lender has now answered is news, so it comes as a message of its own
    await moveClock(10_000);
    await waitForStatus(base, token, allLendersAnswered);
    await until(async () => (await subjects(email)).includes('Visi aizdevēji ir atbildējuši'));
    const all = await subjects(email);
    expect(all.filter((subject) => subject.startsWith('Pienākuši pirmie'))).toHaveLength(1);
    expect(all.filter((subject) => subject === 'Visi aizdevēji ir atbildējuši')).toHaveLength(1);
  });
});
