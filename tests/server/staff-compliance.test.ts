import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { pathOf } from '../../domain/contract/define-endpoint.ts';
import * as staffContract from '../../domain/contract/staff.ts';
import * as compliance from '../../domain/contract/staff-compliance.ts';
import {
  complaintSchema,
  dataRequestErasedSchema,
  dataRequestSchema,
  reviewRequestRowSchema,
  staffDirectoryEntrySchema,
} from '../../domain/staff-compliance-api.ts';
import { personKeyOf } from '../../server/security/lookup-keys.ts';
import { workingDaysAfter } from '../../server/staff/compliance/deadlines.ts';
import { personalCode } from '../e2e/support/personal-code.ts';
import { startBroker, type RunningBroker, type Storage } from '../support/broker.ts';
import { allLendersAnswered, identifyByBank, loginByBank, submit, waitForStatus } from '../support/flow.ts';
import { softPasskey } from '../support/passkey.ts';
import { present } from '../support/present.ts';

/**
 * The compliance officer's registers (issue 34): the audit search's staff picker, data requests received by post
 * or e-mail carried out with the account's own erasure and export, complaints with their Latvian working-day due
 * dates, and the lenders' review requests; every step written to the audit log.
 */

const run = promisify(execFile);

describe.each<Storage>(['pglite', 'postgres'])("the compliance officer's registers (%s)", (storage) => {
  let running: RunningBroker;
  let base: string;
  let admin = '';
  let officer = '';
  let officerId = '';
  const sql = (text: string, params?: unknown[]) => running.broker.db.query(text, params);

  const post = (path: string, body: unknown, cookie = officer) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { origin: base, 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    });
  const get = (path: string, cookie = officer) => fetch(`${base}${path}`, { headers: { cookie } });
  const cookieOf = (response: Response) =>
    present(response.headers.getSetCookie()[0], 'the set-cookie').split(';')[0] ?? '';
  const actions = async (): Promise<string[]> =>
    (await sql('SELECT action FROM audit_log ORDER BY seq')).rows.map((row) => String(row.action));

  async function enrol(link: string): Promise<string> {
    const token = present(link.split('#enrol=')[1], 'the token');
    const passkey = softPasskey();
    const options = await post(pathOf(staffContract.staffEnrolmentOptions), { token }, '');
    const enrolled = await post(
      pathOf(staffContract.staffEnrolmentVerify),
      { token, response: passkey.register((await options.json()) as never, base) },
      '',
    );
    expect(enrolled.status).toBe(200);
    return cookieOf(enrolled);
  }

  async function addMember(email: string, role: string): Promise<{ cookie: string; id: string }> {
    const added = await post(
      pathOf(staffContract.addStaff),
      { email, name: `Name ${email}`, role, language: 'lv' },
      admin,
    );
    expect(added.status).toBe(201);
    const { enrolmentUrl, member } = (await added.json()) as { enrolmentUrl: string; member: { id: string } };
    return { cookie: await enrol(enrolmentUrl), id: member.id };
  }

  /** An application submitted, identified and answered by every lender it went to. */
  async function answeredApplication(code: string, monthlyIncome?: number) {
    const token = await submit(base, {
      personalId: code,
      firstname: 'Anna',
      ...(monthlyIncome ? { monthlyIncome } : {}),
    });
    await identifyByBank(base, token, 'approve', code);
    return { token, status: await waitForStatus(base, token, allLendersAnswered) };
  }

  beforeAll(async () => {
    running = await startBroker({ storage, postgresUrl: inject('postgresUrl') });
    base = running.url;
    const { stdout } = await run(process.execPath, ['scripts/staff.ts', 'add', 'admin@kreditkompass.lv', 'admin'], {
      env: { ...process.env, STAFF_SERVER_URL: base, STAFF_ADMIN_SECRET: running.broker.config.staffAdminSecret },
    });
    admin = await enrol(present(stdout.trim().split('\n').at(-1), 'the link'));
    ({ cookie: officer, id: officerId } = await addMember('compliance@kreditkompass.lv', 'compliance'));
  });
  afterAll(async () => running.close());

  it("lists every member for the audit search's picker, removed ones too, and the picker's id finds their records", async () => {
    const leaver = await addMember('leaver@kreditkompass.lv', 'consultant');
    expect((await post(pathOf(staffContract.removeStaff, { id: leaver.id }), { reason: 'left' }, admin)).status).toBe(
      204,
    );
    const response = await get(pathOf(compliance.complianceStaffDirectory));
    expect(response.status).toBe(200);
    const members = staffDirectoryEntrySchema.array().parse(await response.json());
    expect(members.find((member) => member.id === leaver.id)).toEqual({
      id: leaver.id,
      name: 'Name leaver@kreditkompass.lv',
      email: 'leaver@kreditkompass.lv',
      removed: true,
    });
    expect(
      members
        .filter((member) => !member.removed)
        .map((member) => member.email)
        .sort(),
    ).toEqual(['admin@kreditkompass.lv', 'compliance@kreditkompass.lv']);
    const search = await get(`${pathOf(staffContract.searchAudit)}?staffId=${leaver.id}`);
    const { records } = (await search.json()) as { records: { action: string }[] };
    expect(records.map((record) => record.action)).toContain('staff.enrolled');
    expect(await actions()).toContain('staff.directoryViewed');
    // the administrator's own list stays theirs
    expect((await get(pathOf(staffContract.listStaff))).status).toBe(403);
  });

  it("carries out an erasure request by mail with the account's own erasure: the person's data goes, the lenders are told", async () => {
    const code = personalCode(1610, '120479');
    const { status } = await answeredApplication(code);
    const personKey = personKeyOf(running.broker.config.lookupKey, code);
    expect((await sql('SELECT id FROM applications WHERE person_key = $1', [personKey])).rows.length).toBe(1);

    const registered = await post(pathOf(compliance.registerDataRequest), {
      kind: 'erasure',
      receivedOn: '2026-01-05',
      channel: 'post',
      personalCode: code,
      identityCheck: 'eSignature',
    });
    expect(registered.status).toBe(201);
    const request = dataRequestSchema.parse(await registered.json());
    expect(request).toMatchObject({
      kind: 'erasure',
      state: 'received',
      dueOn: '2026-02-05',
      overdue: true,
      identifiedBy: 'personalCode',
      applicationId: null,
      registeredBy: 'compliance@kreditkompass.lv',
    });
    // only the keyed hash is kept, never the code
    const stored = (await sql('SELECT * FROM data_requests WHERE id = $1', [request.id])).rows[0];
    expect(JSON.stringify(stored)).not.toContain(code.slice(0, 6));
    expect(present(stored, 'the row').person_key).toBe(personKey);

    // two clicks at once: one erasure, the other refused
    const [first, second] = await Promise.all([
      post(pathOf(compliance.eraseForDataRequest, { id: request.id }), {}),
      post(pathOf(compliance.eraseForDataRequest, { id: request.id }), {}),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const erased = first.status === 200 ? first : second;
    const answer = dataRequestErasedSchema.parse(await erased.json());
    expect(answer.request).toMatchObject({ state: 'done', overdue: false, erased: { deletedApplications: 1 } });
    expect(answer.erasure.deletedApplications).toBe(1);
    expect(answer.erasure.lendersToBeTold.length).toBe(status.lenders.length);
    // what the account's erasure leaves: no application, consent or session of the person, the record of who was told
    expect((await sql('SELECT id FROM applications WHERE person_key = $1', [personKey])).rows).toEqual([]);
    expect((await sql('SELECT 1 FROM consents WHERE person_key = $1', [personKey])).rows).toEqual([]);
    expect((await sql('SELECT 1 FROM erasures WHERE person_key = $1', [personKey])).rows.length).toBe(1);
    // the person, logging in, sees the lenders told, as after an erasure of their own
    const login = await loginByBank(base, code);
    const account = (await (
      await fetch(`${base}/api/account`, { headers: { cookie: login.setCookie.split(';')[0] ?? '' } })
    ).json()) as { applications: unknown[]; erasures: { lenders: unknown[] }[] };
    expect(account.applications).toEqual([]);
    expect(account.erasures.length).toBe(1);

    // done once: a second erasure is refused
    expect((await post(pathOf(compliance.eraseForDataRequest, { id: request.id }), {})).status).toBe(409);
    const { rows } = await sql("SELECT application_id, details FROM audit_log WHERE action = 'dataRequest.erased'");
    expect(rows).toEqual([
      {
        application_id: null,
        details: {
          requestId: request.id,
          deletedApplications: 1,
          withdrawnApplications: 1,
          lendersToBeTold: answer.erasure.lendersToBeTold.length,
        },
      },
    ]);
  });

  it("carries out an access request named by an application with the account's own export", async () => {
    const code = personalCode(1620, '030385');
    await answeredApplication(code);
    const personKey = personKeyOf(running.broker.config.lookupKey, code);
    const applicationId = String(
      present((await sql('SELECT id FROM applications WHERE person_key = $1', [personKey])).rows[0], 'app').id,
    );
    const registered = await post(pathOf(compliance.registerDataRequest), {
      kind: 'access',
      receivedOn: '2026-11-02',
      channel: 'email',
      applicationId,
      identityCheck: 'other',
      identityNote: 'Atbilde no pieteikumā norādītā e-pasta ar eParaksta failu',
    });
    expect(registered.status).toBe(201);
    const request = dataRequestSchema.parse(await registered.json());
    expect(request).toMatchObject({ identifiedBy: 'applicationId', applicationId, dueOn: '2026-12-02' });

    type Export = { applications: { id: string }[] };
    const staffExport = async (): Promise<Export> => {
      const exported = await post(pathOf(compliance.exportForDataRequest, { id: request.id }), {});
      expect(exported.status).toBe(200);
      expect(exported.headers.get('content-disposition')).toMatch(/^attachment; filename="kreditkompass-dati-/);
      return (await exported.json()) as Export;
    };
    // the same export the person's account gives (a message still being sent may change between the two: again then)
    const cookie = (await loginByBank(base, code)).setCookie.split(';')[0] ?? '';
    const ownExport = async () =>
      (await (await fetch(`${base}/api/account/export`, { headers: { cookie } })).json()) as Export;
    let data = await staffExport();
    let own = await ownExport();
    let exports = 1;
    for (
      let attempt = 0;
      attempt < 5 && JSON.stringify(own.applications) !== JSON.stringify(data.applications);
      attempt++
    ) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      data = await staffExport();
      own = await ownExport();
      exports++;
    }
    expect(data.applications).toEqual(own.applications);
    expect(data.applications.map((application) => application.id)).toEqual([applicationId]);

    const list = dataRequestSchema.array().parse(await (await get(pathOf(compliance.listDataRequests))).json());
    expect(list.find((item) => item.id === request.id)).toMatchObject({ state: 'done', exports });
    // an access request is no erasure
    expect((await post(pathOf(compliance.eraseForDataRequest, { id: request.id }), {})).status).toBe(409);
    const { rows } = await sql("SELECT application_id FROM audit_log WHERE action = 'dataRequest.exported'");
    expect(rows).toEqual(Array.from({ length: exports }, () => ({ application_id: applicationId })));
  });

  it('refuses a data request with its reason, and marks an open one past its month overdue', async () => {
    const registered = await post(pathOf(compliance.registerDataRequest), {
      kind: 'erasure',
      receivedOn: '2025-12-31',
      channel: 'email',
      personalCode: personalCode(1630, '150790'),
      identityCheck: 'applicationEmail',
    });
    const request = dataRequestSchema.parse(await registered.json());
    // 31 December plus a month: the last day of January
    expect(request).toMatchObject({ dueOn: '2026-01-31', overdue: true });
    const refused = await post(pathOf(compliance.refuseDataRequest, { id: request.id }), {
      reason: 'Identitāti neizdevās pārbaudīt',
    });
    expect(refused.status).toBe(200);
    expect(dataRequestSchema.parse(await refused.json())).toMatchObject({
      state: 'refused',
      overdue: false,
      refusalReason: 'Identitāti neizdevās pārbaudīt',
      closedBy: 'compliance@kreditkompass.lv',
    });
    const { rows } = await sql("SELECT reason, staff_id FROM audit_log WHERE action = 'dataRequest.refused'");
    expect(rows).toEqual([{ reason: 'Identitāti neizdevās pārbaudīt', staff_id: officerId }]);
    const list = dataRequestSchema.array().parse(await (await get(pathOf(compliance.listDataRequests))).json());
    expect(list.find((item) => item.id === request.id)?.state).toBe('refused');
    expect(await actions()).toEqual(expect.arrayContaining(['dataRequest.registered', 'dataRequest.listed']));
  });

  it('refuses bad input with 400 naming the field, in the caller’s language', async () => {
    const bad = async (body: Record<string, unknown>) => {
      const response = await post(pathOf(compliance.registerDataRequest), body);
      expect(response.status).toBe(400);
      return ((await response.json()) as { fields: Record<string, string> }).fields;
    };
    const valid = { kind: 'access', receivedOn: '2026-11-02', channel: 'post', identityCheck: 'inPerson' };
    expect(await bad({ ...valid, personalCode: '123456-12345' })).toEqual({ personalCode: 'Nederīgs personas kods' });
    expect(Object.keys(await bad(valid))).toEqual(['personalCode']);
    expect(
      Object.keys(await bad({ ...valid, receivedOn: '2999-01-01', personalCode: personalCode(1650, '010180') })),
    ).toEqual(['receivedOn']);
    expect(
      Object.keys(await bad({ ...valid, identityCheck: 'other', personalCode: personalCode(1650, '010180') })),
    ).toEqual(['identityNote']);
    const complaint = await post(pathOf(compliance.registerComplaint), {
      receivedOn: '2026-11-13',
      channel: 'fax',
      category: 'service',
      summary: 'x',
    });
    expect(complaint.status).toBe(400);
    expect(Object.keys(((await complaint.json()) as { fields: Record<string, string> }).fields)).toEqual(['channel']);
    // an application that is not there (mistyped, or erased) is named on its field
    const unknown = await post(pathOf(compliance.registerDataRequest), {
      ...valid,
      applicationId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ fields: { applicationId: 'Vērtība norādīta nepareizi' } });
  });

  it('gives a complaint 15 Latvian working days, skipping weekends and a public holiday, and records the answer', async () => {
    // Friday 13 November 2026: 18 November (Proclamation Day) and three weekends fall in the 15 working days
    expect(workingDaysAfter('2026-11-13', 15, () => false)).toBe('2026-12-04');
    const registered = await post(pathOf(compliance.registerComplaint), {
      receivedOn: '2026-11-13',
      channel: 'email',
      category: 'offers',
      summary: 'Klients sūdzas, ka piedāvājums netika parādīts laikā',
    });
    expect(registered.status).toBe(201);
    const complaint = complaintSchema.parse(await registered.json());
    expect(complaint).toMatchObject({ dueOn: '2026-12-07', state: 'received', applicationId: null });
    const answered = await post(pathOf(compliance.answerComplaint, { id: complaint.id }), { answeredOn: '2026-11-20' });
    expect(answered.status).toBe(200);
    expect(complaintSchema.parse(await answered.json())).toMatchObject({
      state: 'answered',
      answeredOn: '2026-11-20',
      overdue: false,
    });
    expect(
      (await post(pathOf(compliance.answerComplaint, { id: complaint.id }), { answeredOn: '2026-11-21' })).status,
    ).toBe(409);
    // one received long ago and not answered is overdue
    const late = complaintSchema.parse(
      await (
        await post(pathOf(compliance.registerComplaint), {
          receivedOn: '2026-01-02',
          channel: 'post',
          category: 'lender',
          summary: 'Aizdevējs neatbild',
        })
      ).json(),
    );
    const list = complaintSchema.array().parse(await (await get(pathOf(compliance.listComplaints))).json());
    expect(list[0]).toMatchObject({ id: late.id, overdue: true });
    expect(await actions()).toEqual(
      expect.arrayContaining(['complaint.registered', 'complaint.answered', 'complaint.listed']),
    );
  });

  it("lists the lenders' review requests with their state and marks an unanswered one past its due date overdue", async () => {
    const code = personalCode(1640, '220866');
    const { token, status } = await answeredApplication(code, 500);
    const declined = present(
      status.lenders.find((lender) => lender.progress === 'declined'),
      'a lender that declined',
    );
    const asked = await fetch(`${base}/api/applications/reviewRequest`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, lenderId: declined.lenderId, language: 'lv', message: 'Lūdzu pārskatīt' }),
    });
    expect(asked.status).toBe(202);
    const list = async () =>
      reviewRequestRowSchema.array().parse(await (await get(pathOf(compliance.listReviewRequests))).json());
    const [row] = await list();
    expect(row).toMatchObject({ lenderId: declined.lenderId, overdue: false });
    expect(row?.lender).not.toBe(declined.lenderId);
    expect(['queued', 'sent', 'answered']).toContain(row?.phase);

    await sql(
      `UPDATE review_requests SET state = 'sent', answered_at = NULL, created_at = created_at - interval '40 days'`,
    );
    const [late] = await list();
    expect(late).toMatchObject({ phase: 'sent', outcome: null, overdue: true });
    expect(await actions()).toContain('reviewRequest.viewed');
  });
});
