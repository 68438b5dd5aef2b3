import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { consultantSlotsAnswerSchema } from '../../domain/call-request-api.ts';
import { pathOf } from '../../domain/contract/define-endpoint.ts';
import * as staffContract from '../../domain/contract/staff.ts';
import * as consultant from '../../domain/contract/staff-consultant.ts';
import {
  applicationSearchAnswerSchema,
  callQueueAnswerSchema,
  consultantApplicationSchema,
  personalDataSchema,
  staffCallRequestSchema,
} from '../../domain/staff-consultant-api.ts';
import type { StaffRole } from '../../domain/staff-api.ts';
import { applicationIdForToken } from '../../server/applications/lookup.ts';
import { backfillCallRequestKeys } from '../../server/staff/consultant/contact-keys-backfill.ts';
import { addStaffMember } from '../../server/staff/members.ts';
import { startBroker, type RunningBroker, type Storage } from '../support/broker.ts';
import { allLendersAnswered, identifyByBank, loginByBank, submit, waitForStatus } from '../support/flow.ts';
import { softPasskey } from '../support/passkey.ts';
import { present } from '../support/present.ts';

/**
 * The consultant's side of the back office (issue 34) over HTTP: the queue of calls, the search among applications
 * of people who asked for a call, the application's page (timeline, notes, calls), the personal data shown only for
 * a reason and audited with it, marking a call, and the continue link sent again; other roles are refused.
 */

interface Mail {
  readonly subject: string;
  readonly text: string;
}

describe.each<Storage>(['pglite', 'postgres'])("the consultant's calls and applications (%s)", (storage) => {
  let running: RunningBroker;
  let base: string;
  const cookies = new Map<StaffRole, string>();
  const sql = (text: string, params?: unknown[]) => running.broker.db.query(text, params);

  const request = (method: 'GET' | 'POST', path: string, role: StaffRole, body?: unknown) =>
    fetch(`${base}${path}`, {
      method,
      headers: {
        origin: base,
        cookie: present(cookies.get(role), role),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const asConsultant = (method: 'GET' | 'POST', path: string, body?: unknown) =>
    request(method, path, 'consultant', body);

  async function member(role: StaffRole): Promise<string> {
    const { enrolmentUrl } = await addStaffMember(
      running.broker.db,
      running.broker.config.publicBaseUrl,
      { email: `${role}-${randomUUID().slice(0, 6)}@kreditkompass.lv`, name: `Test ${role}`, role, language: 'lv' },
      null,
    );
    const token = present(enrolmentUrl.split('#enrol=')[1], 'the enrolment token');
    const post = (path: string, body: unknown) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: { origin: base, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const options = await (await post(pathOf(staffContract.staffEnrolmentOptions), { token })).json();
    const enrolled = await post(pathOf(staffContract.staffEnrolmentVerify), {
      token,
      response: softPasskey().register(options as never, base),
    });
    expect(enrolled.status).toBe(200);
    return present(enrolled.headers.getSetCookie()[0], 'the cookie').split(';')[0] ?? '';
  }

  /** An application whose person asked for a call at the first slot of the next working day but one. */
  async function withCallRequest(contacts: { email: string; phoneNumber: string }, question: string) {
    const token = await submit(base, { ...contacts, personalId: '010180-15097' });
    const slots = consultantSlotsAnswerSchema.parse(await (await fetch(`${base}/api/consultant/slots`)).json());
    const slotStart = present(slots.days[1]?.slots[0], 'a slot');
    const created = await fetch(`${base}/api/applications/callRequests`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, slotStart, question, language: 'lv' }),
    });
    expect(created.status).toBe(201);
    return { applicationId: await applicationIdForToken(running.broker, token), slotStart, token };
  }

  const mails = async (to: string): Promise<Mail[]> =>
    (await (await fetch(`${base}/sandbox/mail/messages.json?to=${encodeURIComponent(to)}`)).json()) as Mail[];
  const mailsWith = async (to: string, subject: string) => {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const found = (await mails(to)).filter((mail) => mail.subject.includes(subject));
      if (found.length > 0) return found;
      if (Date.now() > deadline) throw new Error(`no mail "${subject}" to ${to}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const audit = async (action: string, applicationId: string) =>
    (
      await sql('SELECT reason, details FROM audit_log WHERE action = $1 AND application_id = $2 ORDER BY seq', [
        action,
        applicationId,
      ])
    ).rows as { reason: string | null; details: Record<string, unknown> }[];

  const email = `consult-${randomUUID().slice(0, 8)}@example.lv`;
  const phoneNumber = `+3712${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  let applicationId = '';
  let slotStart = '';

  beforeAll(async () => {
    running = await startBroker({ storage, postgresUrl: inject('postgresUrl') });
    base = running.url;
    for (const role of ['consultant', 'compliance', 'administrator'] as const) cookies.set(role, await member(role));
    ({ applicationId, slotStart } = await withCallRequest({ email, phoneNumber }, 'Vai varu atmaksāt ātrāk?'));
  });
  afterAll(async () => running.close());

  it('shows the waiting call in the queue: slot, first name, short id, status and question', async () => {
    const response = await asConsultant('GET', pathOf(consultant.consultantCallQueue));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const { calls } = callQueueAnswerSchema.parse(await response.json());
    expect(calls.find((call) => call.applicationId === applicationId)).toMatchObject({
      slotStart,
      overdue: false,
      firstName: 'Jānis',
      shortId: applicationId.slice(0, 8),
      state: 'draft',
      question: 'Vai varu atmaksāt ātrāk?',
    });
    const slots = calls.map((call) => call.slotStart);
    expect([...slots].sort()).toEqual(slots);
  });

  it('finds the application by id, short id, e-mail and phone in any case or spacing, never another one', async () => {
    const search = async (query: string) => {
      const response = await asConsultant('POST', pathOf(consultant.consultantSearchApplications), { query });
      expect(response.status).toBe(200);
      return applicationSearchAnswerSchema.parse(await response.json());
    };
    const spaced = `${phoneNumber.slice(0, 4)} ${phoneNumber.slice(4, 8)} ${phoneNumber.slice(8)}`;
    for (const [query, by] of [
      [applicationId, 'applicationId'],
      [applicationId.slice(0, 8), 'shortId'],
      [` ${email.toUpperCase()} `, 'email'],
      [spaced, 'phone'],
    ] as const) {
      const answer = await search(query);
      expect(answer.searchedBy).toBe(by);
      expect(answer.results.map((found) => found.applicationId)).toEqual([applicationId]);
      expect(answer.results[0]).toMatchObject({ firstName: 'Jānis', callWaiting: true });
    }
    // an application nobody asked a call for stays out of the consultant's reach
    const quiet = await applicationIdForToken(running.broker, await submit(base, { email: `q-${email}` }));
    expect((await search(quiet)).results).toEqual([]);
    expect((await search(`q-${email}`)).results).toEqual([]);
    expect((await asConsultant('GET', pathOf(consultant.consultantApplication, { id: quiet }))).status).toBe(404);
    // what was searched for is not in the log: how, and how many were found
    const { rows } = await sql(
      "SELECT details::text AS details FROM audit_log WHERE action = 'application.searched' ORDER BY seq",
    );
    expect(rows.length).toBeGreaterThanOrEqual(6);
    expect(JSON.stringify(rows)).not.toContain(email.split('@')[0]);
    expect(JSON.stringify(rows)).not.toContain(phoneNumber.slice(4));
    // a text that is none of these is refused in the staff's language
    const bad = await asConsultant('POST', pathOf(consultant.consultantSearchApplications), { query: 'Jānis' });
    expect(bad.status).toBe(400);
  });

  it('gives call requests made before the search their contact keys, so the search finds them too', async () => {
    await sql('UPDATE call_requests SET email_key = NULL, phone_key = NULL WHERE application_id = $1', [applicationId]);
    const search = async () =>
      applicationSearchAnswerSchema.parse(
        await (await asConsultant('POST', pathOf(consultant.consultantSearchApplications), { query: email })).json(),
      ).results;
    expect(await search()).toEqual([]);
    expect(await backfillCallRequestKeys(running.broker)).toBeGreaterThanOrEqual(1);
    expect((await search()).map((found) => found.applicationId)).toEqual([applicationId]);
  });

  it("opens the application's page: the timeline has the submission and the call request, no contact shown", async () => {
    const response = await asConsultant('GET', pathOf(consultant.consultantApplication, { id: applicationId }));
    expect(response.status).toBe(200);
    const text = await response.text();
    const page = consultantApplicationSchema.parse(JSON.parse(text));
    const kinds = page.timeline.map((event) => event.kind);
    expect(kinds[0]).toBe('submitted');
    expect(kinds).toContain('callRequested');
    expect(page.timeline.find((event) => event.kind === 'callRequested')?.detail).toBe(slotStart);
    expect(page.personalCodeMasked).toBe('••••••-•5097');
    expect(page.callRequests).toMatchObject([{ state: 'requested', question: 'Vai varu atmaksāt ātrāk?' }]);
    expect(text).not.toContain(email);
    expect(text).not.toContain(phoneNumber.slice(4));
    expect(text).not.toContain('010180');
    expect(text).not.toContain('1800');
    expect(await audit('application.viewed', applicationId)).toHaveLength(1);
  });

  it('tells in the timeline the identification, each lender asked and its answer, messages sent and logins', async () => {
    const other = await withCallRequest({ email: `t-${email}`, phoneNumber }, '');
    await identifyByBank(base, other.token, 'approve');
    await waitForStatus(base, other.token, allLendersAnswered);
    await loginByBank(base, '010180-15097');
    const page = consultantApplicationSchema.parse(
      await (await asConsultant('GET', pathOf(consultant.consultantApplication, { id: other.applicationId }))).json(),
    );
    const kinds = page.timeline.map((event) => event.kind);
    for (const kind of ['submitted', 'callRequested', 'identificationStarted', 'identified', 'sentToLender', 'login'])
      expect(kinds).toContain(kind);
    expect(kinds.some((kind) => kind === 'offerReceived' || kind === 'declined')).toBe(true);
    const sent = page.timeline.find((event) => event.kind === 'sentToLender');
    expect(sent?.lenderName).toBeTruthy();
    expect(page.timeline.find((event) => event.kind === 'identified')?.detail).toBe('bank');
    // newest last
    const times = page.timeline.map((event) => event.at);
    expect([...times].sort()).toEqual(times);
  });

  it('shows contacts and income only for a reason from the list, and writes the reason to the audit log', async () => {
    const path = pathOf(consultant.consultantPersonalData, { id: applicationId });
    const without = await asConsultant('POST', path, {});
    expect(without.status).toBe(400);
    const other = await asConsultant('POST', path, { reason: 'curiosity' });
    expect(other.status).toBe(400);
    expect(await audit('application.personalDataViewed', applicationId)).toEqual([]);

    const shown = await asConsultant('POST', path, { reason: 'callRequested' });
    expect(shown.status).toBe(200);
    expect(personalDataSchema.parse(await shown.json())).toMatchObject({
      firstName: 'Jānis',
      lastName: 'Bērziņš',
      email,
      phoneNumber,
      monthlyIncome: 1800,
      incomeTypes: ['fullTimeJob'],
    });
    expect(await audit('application.personalDataViewed', applicationId)).toEqual([
      { reason: 'callRequested', details: {} },
    ]);
  });

  it('adds a note with its author and time', async () => {
    const added = await asConsultant('POST', pathOf(consultant.consultantAddNote, { id: applicationId }), {
      text: 'Jautā par pirmstermiņa atmaksu.\nAtzvanīt rīt.',
    });
    expect(added.status).toBe(201);
    expect(await added.json()).toMatchObject({ text: 'Jautā par pirmstermiņa atmaksu.\nAtzvanīt rīt.' });
    const empty = await asConsultant('POST', pathOf(consultant.consultantAddNote, { id: applicationId }), {
      text: '  ',
    });
    expect(empty.status).toBe(400);
    const page = consultantApplicationSchema.parse(
      await (await asConsultant('GET', pathOf(consultant.consultantApplication, { id: applicationId }))).json(),
    );
    expect(page.notes).toMatchObject([
      { text: 'Jautā par pirmstermiņa atmaksu.\nAtzvanīt rīt.', authorName: 'Test consultant' },
    ]);
    // sealed in the table, named in the log by id only
    const { rows } = await sql('SELECT text_ciphertext FROM consultant_notes WHERE application_id = $1', [
      applicationId,
    ]);
    expect(JSON.stringify(rows)).not.toContain('atmaksu');
    expect(await audit('application.noteAdded', applicationId)).toHaveLength(1);
    // the person's own data export has what was written about them
    const { setCookie } = await loginByBank(base, '010180-15097');
    const exported = await fetch(`${base}/api/account/export`, { headers: { cookie: setCookie.split(';')[0] ?? '' } });
    const data = (await exported.json()) as { applications: { consultantNotes?: { text: string }[] }[] };
    expect(data.applications.flatMap((item) => item.consultantNotes ?? []).map((note) => note.text)).toContain(
      'Jautā par pirmstermiņa atmaksu.\nAtzvanīt rīt.',
    );
  });

  it('marks the call called with a note: it leaves the queue, and a second mark is refused', async () => {
    const page = consultantApplicationSchema.parse(
      await (await asConsultant('GET', pathOf(consultant.consultantApplication, { id: applicationId }))).json(),
    );
    const callId = present(page.callRequests[0]?.id, 'the call request');
    const path = pathOf(consultant.consultantMarkCall, { id: callId });
    const marked = await asConsultant('POST', path, { outcome: 'called', note: 'Izrunājām atmaksas grafiku.' });
    expect(marked.status).toBe(200);
    expect(staffCallRequestSchema.parse(await marked.json())).toMatchObject({
      state: 'called',
      handledBy: 'Test consultant',
    });
    const { calls } = callQueueAnswerSchema.parse(
      await (await asConsultant('GET', pathOf(consultant.consultantCallQueue))).json(),
    );
    expect(calls.map((call) => call.applicationId)).not.toContain(applicationId);
    const again = await asConsultant('POST', path, { outcome: 'notReached' });
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ error: 'callRequestNotFound' });
    expect((await audit('callRequest.marked', applicationId))[0]?.details).toMatchObject({ outcome: 'called' });
    const after = consultantApplicationSchema.parse(
      await (await asConsultant('GET', pathOf(consultant.consultantApplication, { id: applicationId }))).json(),
    );
    expect(after.notes.map((note) => note.callRequestId)).toEqual([null, callId]);
    expect(after.timeline.map((event) => event.kind)).toContain('callCalled');
  });

  it('sends the continue link again by e-mail, answers 202 and audits it', async () => {
    const response = await asConsultant('POST', pathOf(consultant.consultantResendContinueLink, { id: applicationId }));
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ channels: ['email'] });
    const [mail] = await mailsWith(email, 'Saite jūsu kredīta pieteikuma turpināšanai');
    expect(mail?.text).toContain(`${base}/api/continue?code=`);
    expect(await audit('application.continueLinkResent', applicationId)).toEqual([
      { reason: null, details: { channels: 'email' } },
    ]);
  });

  it('refuses the consultant APIs to compliance and administrators', async () => {
    for (const role of ['compliance', 'administrator'] as const) {
      const queue = await request('GET', pathOf(consultant.consultantCallQueue), role);
      expect(queue.status).toBe(403);
      const data = await request('POST', pathOf(consultant.consultantPersonalData, { id: applicationId }), role, {
        reason: 'complaint',
      });
      expect(data.status).toBe(403);
    }
  });
});
