import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callRequestAnswerSchema, consultantSlotsAnswerSchema } from '../../domain/call-request-api.ts';
import { nextOpenSlot, slotText } from '../../domain/consultant-hours.ts';
import { isLatvianPublicHoliday } from '../../domain/latvian-holidays.ts';
import { startBroker, type RunningBroker, type Storage } from '../support/broker.ts';
import { identifyByBank, loginByBank, submit } from '../support/flow.ts';

/**
 * "Ask a consultant to call me" (issue 34) over HTTP: slots outside the consultant hours and on Latvian holidays are
 * refused in the person's language with the next open slot named; a good one is kept, confirmed by e-mail, moved
 * and cancelled, with the token or from the account.
 */

interface Mail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
}

/** Refused slots, in Riga time: a Saturday, 19:00, 7:30, Christmas Eve and Day, Līgo day. */
const CLOSED_SLOTS: readonly [string, string][] = [
  ['a Saturday', '2027-01-09T08:00:00.000Z'],
  ['19:00 on a Monday', '2027-01-11T17:00:00.000Z'],
  ['7:30 on a Monday', '2027-01-11T05:30:00.000Z'],
  ['Christmas Eve', '2026-12-24T08:00:00.000Z'],
  ['Christmas Day', '2026-12-25T08:00:00.000Z'],
  ['Līgo day', '2026-06-23T08:00:00.000Z'],
];

describe.each<Storage>(['pglite', 'postgres'])('call requests (%s)', (storage) => {
  let running: RunningBroker;
  let base: string;

  beforeAll(async () => {
    running = await startBroker({ storage, postgresUrl: inject('postgresUrl') });
    base = running.url;
  });
  afterAll(async () => running.close());

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const slots = async () =>
    consultantSlotsAnswerSchema.parse(await (await fetch(`${base}/api/consultant/slots`)).json());
  const current = async (token: string) =>
    callRequestAnswerSchema.parse(await (await post('/api/applications/callRequests/current', { token })).json());
  const mails = async (to: string): Promise<Mail[]> =>
    (await (await fetch(`${base}/sandbox/mail/messages.json?to=${encodeURIComponent(to)}`)).json()) as Mail[];
  const texts = async (to: string): Promise<{ text: string }[]> =>
    (await (await fetch(`${base}/sandbox/sms/messages.json?to=${encodeURIComponent(to)}`)).json()) as {
      text: string;
    }[];
  const eventually = async <T>(read: () => Promise<T>, done: (value: T) => boolean) => {
    const deadline = Date.now() + 15_000;
    let value = await read();
    while (!done(value)) {
      if (Date.now() > deadline) throw new Error(`not in time: ${JSON.stringify(value).slice(0, 400)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      value = await read();
    }
    return value;
  };
  const mailsWith = async (to: string, subject: string, count = 1) => {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const found = (await mails(to)).filter((mail) => mail.subject.includes(subject));
      if (found.length >= count) return found;
      if (Date.now() > deadline) throw new Error(`no mail "${subject}" to ${to}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  it('offers ten working days of half-hour slots, none on a weekend or a holiday', async () => {
    const answer = await slots();
    expect(answer.days).toHaveLength(10);
    for (const day of answer.days) {
      expect(isLatvianPublicHoliday(day.day)).toBe(false);
      expect([0, 6]).not.toContain(new Date(`${day.day}T12:00:00Z`).getUTCDay());
    }
    expect(answer.days[1]?.slots).toHaveLength(22);
  });

  it.each(CLOSED_SLOTS)('refuses %s in Latvian and Russian, naming the next open slot', async (_name, slotStart) => {
    for (const language of ['lv', 'ru'] as const) {
      const token = await submit(base, {}, language);
      const before = nextOpenSlot(new Date(), isLatvianPublicHoliday);
      const response = await post('/api/applications/callRequests', { token, slotStart, language });
      const after = nextOpenSlot(new Date(), isLatvianPublicHoliday);
      expect(response.status).toBe(422);
      const body = (await response.json()) as { error: string; message: string };
      expect(body.error).toBe('slotClosed');
      expect(body.message).toContain(language === 'lv' ? 'darba dienās no 8:00 līdz 19:00' : 'с 8:00 до 19:00');
      const named = [slotText(language, before), slotText(language, after)];
      expect(named.some((text) => body.message.includes(text))).toBe(true);
      expect((await current(token)).callRequest).toBeNull();
    }
  });

  it('refuses a slot that has passed, and a slot off the half hour', async () => {
    const token = await submit(base);
    const past = await post('/api/applications/callRequests', {
      token,
      slotStart: '2026-11-02T08:00:00.000Z',
      language: 'lv',
    });
    expect(past.status).toBe(422);
    expect(((await past.json()) as { error: string }).error).toBe('slotPast');
    const off = await post('/api/applications/callRequests', {
      token,
      slotStart: '2027-01-11T08:10:00.000Z',
      language: 'lv',
    });
    expect(((await off.json()) as { error: string }).error).toBe('slotClosed');
  });

  it('keeps a good slot, confirms it by e-mail in Riga time, moves it and cancels it', async () => {
    const email = `call-${randomUUID().slice(0, 8)}@example.lv`;
    const phoneNumber = `+3712${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const token = await submit(base, { email, phoneNumber, smsNotices: true }, 'ru');
    const [first, second] = (await slots()).days[1]?.slots ?? [];
    const created = await post('/api/applications/callRequests', {
      token,
      slotStart: first,
      question: 'Можно ли погасить досрочно?',
      language: 'ru',
    });
    expect(created.status).toBe(201);
    const answer = callRequestAnswerSchema.parse(await created.json());
    expect(answer).toMatchObject({
      callRequest: { slotStart: first, state: 'requested', question: 'Можно ли погасить досрочно?' },
      phoneEnding: phoneNumber.slice(-2),
    });
    const [mail] = await mailsWith(email, 'Консультант позвонит вам');
    expect(mail?.text).toContain(slotText('ru', first ?? ''));
    // the number is not in the message, nor the question
    expect(mail?.text).not.toContain(phoneNumber.slice(4));
    expect(mail?.text).not.toContain('досрочно');
    // the person chose SMS too
    const sms = await eventually(
      async () => (await texts(phoneNumber)).filter((text) => text.text.includes('консультант позвонит вам')),
      (found) => found.length > 0,
    );
    expect(sms[0]?.text).toContain(slotText('ru', first ?? ''));

    const moved = await post('/api/applications/callRequests/move', { token, slotStart: second, language: 'ru' });
    expect(moved.status).toBe(200);
    expect((await current(token)).callRequest).toMatchObject({
      slotStart: second,
      question: 'Можно ли погасить досрочно?',
    });
    const confirmations = await mailsWith(email, 'Консультант позвонит вам', 2);
    expect(confirmations.some((sent) => sent.text.includes(slotText('ru', second ?? '')))).toBe(true);

    const cancelled = await post('/api/applications/callRequests/cancel', { token, language: 'ru' });
    expect(cancelled.status).toBe(204);
    expect((await current(token)).callRequest).toBeNull();
    const again = await post('/api/applications/callRequests/cancel', { token, language: 'ru' });
    expect(again.status).toBe(404);
    expect(((await again.json()) as { error: string }).error).toBe('callRequestNotFound');
  });

  it("answers 404 to an unknown token and leaves another person's request alone", async () => {
    const mine = await submit(base);
    const theirs = await submit(base);
    const [slot] = (await slots()).days[2]?.slots ?? [];
    expect(
      (await post('/api/applications/callRequests', { token: mine, slotStart: slot, language: 'lv' })).status,
    ).toBe(201);
    const unknown = await post('/api/applications/callRequests/cancel', { token: 'A'.repeat(43), language: 'lv' });
    expect(unknown.status).toBe(404);
    expect((await post('/api/applications/callRequests/cancel', { token: theirs })).status).toBe(404);
    expect((await current(mine)).callRequest).toMatchObject({ slotStart: slot });
  });

  it('lets the person ask for, move and cancel the call from the account, and no one else', async () => {
    const person = '300575-10000';
    const token = await submit(base, { personalId: person });
    await identifyByBank(base, token, 'approve', person);
    const [slot, later] = (await slots()).days[3]?.slots ?? [];
    expect((await post('/api/applications/callRequests', { token, slotStart: slot, language: 'lv' })).status).toBe(201);
    const cookie = (await loginByBank(base, person)).setCookie.split(';')[0] ?? '';
    const overview = (await (await fetch(`${base}/api/account`, { headers: { cookie } })).json()) as {
      applications: { id: string }[];
    };
    const id = overview.applications[0]?.id ?? '';
    const path = `/api/account/applications/${id}/callRequest`;
    const shown = callRequestAnswerSchema.parse(await (await fetch(`${base}${path}`, { headers: { cookie } })).json());
    expect(shown.callRequest).toMatchObject({ slotStart: slot });
    expect((await fetch(`${base}${path}`)).status).toBe(401);
    const stranger = (await loginByBank(base, '010180-15097')).setCookie.split(';')[0] ?? '';
    expect((await post(`${path}/cancel`, {}, { cookie: stranger })).status).toBe(404);

    const closed = await post(`${path}/move`, { slotStart: '2026-12-25T08:00:00.000Z', language: 'ru' }, { cookie });
    expect(closed.status).toBe(422);
    expect(((await closed.json()) as { message: string }).message).toContain('Ближайшее свободное время');
    expect((await post(`${path}/move`, { slotStart: later }, { cookie })).status).toBe(200);
    expect((await current(token)).callRequest).toMatchObject({ slotStart: later });
    expect((await post(`${path}/cancel`, {}, { cookie })).status).toBe(204);
    expect((await current(token)).callRequest).toBeNull();
    const asked = await post(path, { slotStart: slot, question: 'Kad pienāks nauda?', language: 'lv' }, { cookie });
    expect(asked.status).toBe(201);
    expect((await current(token)).callRequest).toMatchObject({ slotStart: slot, question: 'Kad pienāks nauda?' });

    // the person's data names every call asked for, and the number it was to be made to
    const exported = (await (await fetch(`${base}/api/account/export`, { headers: { cookie } })).json()) as {
      applications: { callRequests: { slotStart: string; state: string; phoneNumber: string }[] }[];
    };
    expect(exported.applications[0]?.callRequests.map((call) => [call.slotStart, call.state])).toEqual([
      [slot, 'cancelled'],
      [later, 'cancelled'],
      [slot, 'requested'],
    ]);
    expect(exported.applications[0]?.callRequests[0]?.phoneNumber).toMatch(/^\+371/);

    // the requests, the question and the phone they sealed go with the application
    expect((await post('/api/account/erase', {}, { cookie })).status).toBe(200);
    const { rows } = await running.broker.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM call_requests WHERE application_id = $1',
      [id],
    );
    expect(rows[0]?.count).toBe(0);
  });
});
