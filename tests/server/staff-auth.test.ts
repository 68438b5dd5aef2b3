import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { pathOf, type EndpointDefinition } from '../../domain/contract/define-endpoint.ts';
import { PRIVATE_ROUTES } from '../../domain/contract/index.ts';
import * as staffContract from '../../domain/contract/staff.ts';
import { STAFF_ACCESS } from '../../domain/contract/staff.ts';
import { STAFF_ROLES, type StaffRole } from '../../domain/staff-api.ts';
import { startBroker, type RunningBroker, type Storage } from '../support/broker.ts';
import { softPasskey, type SoftPasskey } from '../support/passkey.ts';
import { present } from '../support/present.ts';

/**
 * The staff's foundation (issue 34): a first administrator from the CLI, passkey enrolment by a one-time link and
 * login with a software authenticator, the staff's own cookie and its idle end, Origin refusal, lockout, the
 * roles' 401/403 over every guarded route of the contract, and the append-only, hash-chained audit log.
 */

const run = promisify(execFile);
const SOME_ID = '00000000-0000-4000-8000-000000000000';
const guardedEndpoints = [...STAFF_ACCESS.keys()];

interface Member {
  readonly passkey: SoftPasskey;
  cookie: string;
}

describe.each<Storage>(['pglite', 'postgres'])("the staff's passkeys, roles and audit log (%s)", (storage) => {
  let running: RunningBroker;
  let base: string;
  const members = new Map<StaffRole, Member>();
  const env = () => ({
    ...process.env,
    STAFF_SERVER_URL: base,
    STAFF_ADMIN_SECRET: running.broker.config.staffAdminSecret,
  });
  const sql = (text: string, params?: unknown[]) => running.broker.db.query(text, params);

  const post = (path: string, body: unknown, cookie = '') =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { origin: base, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
  const cookieOf = (response: Response) =>
    present(response.headers.getSetCookie()[0], 'the set-cookie').split(';')[0] ?? '';
  const tokenOf = (link: string) => present(link.split('#enrol=')[1], 'the enrolment token');

  async function enrol(link: string, passkey: SoftPasskey): Promise<Response> {
    const options = await post(pathOf(staffContract.staffEnrolmentOptions), { token: tokenOf(link) });
    expect(options.status).toBe(200);
    return post(pathOf(staffContract.staffEnrolmentVerify), {
      token: tokenOf(link),
      response: passkey.register((await options.json()) as never, base),
    });
  }

  async function logIn(passkey: SoftPasskey, tamper?: 'signature'): Promise<Response> {
    const options = (await (await post(pathOf(staffContract.staffLoginOptions), {})).json()) as never;
    return post(pathOf(staffContract.staffLoginVerify), { response: passkey.assert(options, base, tamper) });
  }

  async function addByAdmin(email: string, role: StaffRole): Promise<string> {
    const response = await post(
      pathOf(staffContract.addStaff),
      { email, name: 'Test Member', role, language: 'lv' },
      present(members.get('administrator'), 'the administrator').cookie,
    );
    expect(response.status).toBe(201);
    return ((await response.json()) as { enrolmentUrl: string }).enrolmentUrl;
  }

  beforeAll(async () => {
    running = await startBroker({ storage, postgresUrl: inject('postgresUrl') });
    base = running.url;
  });
  afterAll(async () => running.close());

  it('adds the first administrator from the CLI, whose last line is a one-time link that enrols a passkey', async () => {
    const { stdout } = await run(process.execPath, ['scripts/staff.ts', 'add', 'admin@kreditkompass.lv', 'admin'], {
      env: env(),
    });
    const link = present(stdout.trim().split('\n').at(-1), 'the last line');
    expect(link).toMatch(/^http:\/\/localhost:\d+\/staff#enrol=[\w-]{43}$/);
    const passkey = softPasskey();
    const enrolled = await enrol(link, passkey);
    expect(enrolled.status).toBe(200);
    expect(await enrolled.json()).toMatchObject({
      email: 'admin@kreditkompass.lv',
      role: 'administrator',
      language: 'lv',
    });
    members.set('administrator', { passkey, cookie: cookieOf(enrolled) });

    // the link works once
    const again = await post(pathOf(staffContract.staffEnrolmentOptions), { token: tokenOf(link) });
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ error: 'enrolmentInvalid' });
    // and the CLI refuses a wrong secret
    await expect(
      run(process.execPath, ['scripts/staff.ts', 'add', 'x@kreditkompass.lv', 'admin'], {
        env: { ...env(), STAFF_ADMIN_SECRET: 'wrong' },
      }),
    ).rejects.toMatchObject({ code: 1 });
  });

  it('sets a cookie of its own: kk_staff, HttpOnly, for the staff API alone', async () => {
    const response = await logIn(present(members.get('administrator'), 'admin').passkey);
    expect(response.status).toBe(200);
    const header = present(response.headers.getSetCookie()[0], 'the cookie');
    expect(header).toMatch(/^kk_staff=[\w-]{43}; /);
    expect(header).toContain('Path=/api/staff');
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Lax');
    expect(header).not.toMatch(/kk_session|kk_app/);
    const me = await fetch(`${base}${pathOf(staffContract.staffMe)}`, { headers: { cookie: cookieOf(response) } });
    expect(await me.json()).toMatchObject({ role: 'administrator' });
  });

  it('administrators add a consultant and a compliance officer, who enrol from their links', async () => {
    for (const role of ['consultant', 'compliance'] as const) {
      const passkey = softPasskey();
      const enrolled = await enrol(await addByAdmin(`${role}@kreditkompass.lv`, role), passkey);
      expect(enrolled.status).toBe(200);
      members.set(role, { passkey, cookie: cookieOf(enrolled) });
    }
    const list = await fetch(`${base}${pathOf(staffContract.listStaff)}`, {
      headers: { cookie: present(members.get('administrator'), 'admin').cookie },
    });
    const listed = (await list.json()) as { role: string; enrolled: boolean }[];
    expect(listed.map((member) => member.role).sort()).toEqual(['administrator', 'compliance', 'consultant']);
    expect(listed.every((member) => member.enrolled)).toBe(true);
    // the same address twice is refused
    const twice = await post(
      pathOf(staffContract.addStaff),
      { email: 'Consultant@kreditkompass.lv', name: 'X', role: 'consultant', language: 'ru' },
      present(members.get('administrator'), 'admin').cookie,
    );
    expect(twice.status).toBe(409);
  });

  it('refuses an expired enrolment link', async () => {
    const link = await addByAdmin('late@kreditkompass.lv', 'consultant');
    await sql("UPDATE staff_enrolments SET expires_at = now() - interval '1 minute' WHERE used_at IS NULL");
    const options = await post(pathOf(staffContract.staffEnrolmentOptions), { token: tokenOf(link) });
    expect(options.status).toBe(404);
  });

  it('guards every staff route: 401 without a session, 403 for a role it does not name, and covers them all', async () => {
    // every area's staff endpoint in the whole contract, whichever file defines it
    const endpoints = (PRIVATE_ROUTES as readonly unknown[]).filter(
      (route): route is EndpointDefinition =>
        typeof route === 'object' &&
        route !== null &&
        'operationId' in route &&
        (route as EndpointDefinition).path.startsWith('/api/staff/'),
    );
    const open = endpoints.filter((endpoint) => !STAFF_ACCESS.has(endpoint)).map((endpoint) => endpoint.operationId);
    // only the login's own routes are open
    expect(open.sort()).toEqual([
      'staffEnrolmentOptions',
      'staffEnrolmentVerify',
      'staffLoginOptions',
      'staffLoginVerify',
    ]);
    const call = (endpoint: EndpointDefinition, cookie?: string) =>
      fetch(`${base}${endpoint.path.replace(/:\w+/g, SOME_ID)}`, {
        method: endpoint.method,
        headers: {
          origin: base,
          ...(cookie ? { cookie } : {}),
          ...(endpoint.method === 'GET' ? {} : { 'content-type': 'application/json' }),
        },
        ...(endpoint.method === 'GET' ? {} : { body: '{}' }),
      });
    let checked = 0;
    for (const endpoint of guardedEndpoints) {
      const anonymous = await call(endpoint);
      expect(anonymous.status, `${endpoint.operationId} without a session`).toBe(401);
      expect(await anonymous.json()).toMatchObject({ error: 'staffNotLoggedIn' });
      for (const role of STAFF_ROLES.filter((role) => !present(STAFF_ACCESS.get(endpoint), 'roles').includes(role))) {
        const refused = await call(endpoint, present(members.get(role), role).cookie);
        expect(refused.status, `${endpoint.operationId} as ${role}`).toBe(403);
        expect(await refused.json()).toMatchObject({ error: 'staffForbidden' });
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(10);
  });

  it('answers the compliance officer the audit log, searched and as CSV, each view written to the log', async () => {
    const cookie = present(members.get('compliance'), 'compliance').cookie;
    const search = await fetch(`${base}${pathOf(staffContract.searchAudit)}?action=staff.added`, {
      headers: { cookie },
    });
    expect(search.status).toBe(200);
    const { records } = (await search.json()) as {
      records: { action: string; staffId: string | null; details: Record<string, unknown> }[];
    };
    expect(records.map((record) => record.action)).toEqual([
      'staff.added',
      'staff.added',
      'staff.added',
      'staff.added',
    ]);
    // the first administrator was added by the CLI, the rest by that administrator
    expect(records.at(-1)?.staffId).toBeNull();
    expect(records.at(-1)?.details).toMatchObject({ by: 'localAdministration', role: 'administrator' });
    const csv = await fetch(`${base}${pathOf(staffContract.exportAudit)}`, { headers: { cookie } });
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await csv.arrayBuffer());
    expect(text.startsWith('\uFEFFseq,at,staffId,staffEmail,action,applicationId,reason,details,hash\r\n')).toBe(true);
    expect(text).toContain('staff.enrolled');
    const { rows } = await sql('SELECT action FROM audit_log ORDER BY seq');
    expect(rows.map((row) => row.action)).toEqual(
      expect.arrayContaining([
        'staff.added',
        'staff.enrolled',
        'staff.login',
        'staff.listed',
        'audit.searched',
        'audit.exported',
      ]),
    );
  });

  it('refuses a change from another site and ends a session after 15 idle minutes', async () => {
    const admin = present(members.get('administrator'), 'admin');
    const foreign = await fetch(`${base}${pathOf(staffContract.staffLogout)}`, {
      method: 'POST',
      headers: { origin: 'https://attacker.example', cookie: admin.cookie },
    });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toMatchObject({ error: 'foreignOrigin' });
    const me = () => fetch(`${base}${pathOf(staffContract.staffMe)}`, { headers: { cookie: admin.cookie } });
    expect((await me()).status).toBe(200);
    await sql("UPDATE staff_sessions SET last_seen_at = now() - interval '16 minutes'");
    const idle = await me();
    expect(idle.status).toBe(401);
    expect(idle.headers.getSetCookie()[0]).toMatch(/^kk_staff=;/);
    admin.cookie = cookieOf(await logIn(admin.passkey));
    expect((await me()).status).toBe(200);
  });

  it('removes a member: their session ends and their passkey opens nothing', async () => {
    const admin = present(members.get('administrator'), 'admin');
    const consultant = present(members.get('consultant'), 'consultant');
    consultant.cookie = cookieOf(await logIn(consultant.passkey));
    const me = await fetch(`${base}${pathOf(staffContract.staffMe)}`, { headers: { cookie: consultant.cookie } });
    const { id } = (await me.json()) as { id: string };
    const adminId = (
      (await (
        await fetch(`${base}${pathOf(staffContract.staffMe)}`, { headers: { cookie: admin.cookie } })
      ).json()) as { id: string }
    ).id;
    // an administrator never removes themselves, so one is always left
    const self = await post(pathOf(staffContract.removeStaff, { id: adminId }), { reason: 'bye' }, admin.cookie);
    expect(self.status).toBe(403);
    const removed = await post(pathOf(staffContract.removeStaff, { id }), { reason: 'left the company' }, admin.cookie);
    expect(removed.status).toBe(204);
    expect(
      (await fetch(`${base}${pathOf(staffContract.staffMe)}`, { headers: { cookie: consultant.cookie } })).status,
    ).toBe(401);
    expect((await logIn(consultant.passkey)).status).toBe(401);
    const { rows } = await sql("SELECT reason, details FROM audit_log WHERE action = 'staff.removed'");
    expect(rows).toEqual([{ reason: 'left the company', details: { memberId: id } }]);
  });

  it('locks out after 5 failed logins, even a right one then', async () => {
    const admin = present(members.get('administrator'), 'admin');
    await sql('DELETE FROM staff_login_failures');
    for (let i = 0; i < 5; i++) {
      const failed = await logIn(admin.passkey, 'signature');
      expect(failed.status).toBe(401);
      expect(await failed.json()).toMatchObject({ error: 'staffLoginFailed' });
    }
    const locked = await logIn(admin.passkey);
    expect(locked.status).toBe(429);
    expect(await locked.json()).toMatchObject({ error: 'staffLockedOut' });
    await sql('DELETE FROM staff_login_failures');
    expect((await logIn(admin.passkey)).status).toBe(200);
  });

  it('keeps the audit log append-only, and audit:verify names the record a direct change broke', async () => {
    await expect(sql("UPDATE audit_log SET reason = 'x' WHERE seq = 3")).rejects.toThrow(/append-only/);
    await expect(sql('DELETE FROM audit_log WHERE seq = 3')).rejects.toThrow(/append-only/);
    const verify = () => run(process.execPath, ['scripts/audit-verify.ts'], { env: env() });
    expect((await verify()).stdout).toMatch(/^audit log intact: \d+ records/);

    // the database's owner can still switch the trigger off: the chain is what shows it
    await sql('ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only');
    await sql("UPDATE audit_log SET reason = 'nothing to see' WHERE seq = 3");
    await sql('ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only');
    const broken = await verify().then(
      () => null,
      (error: unknown) => error as { code: number; stderr: string },
    );
    expect(broken?.code).toBe(1);
    expect(broken?.stderr).toContain('audit log broken at record 3: its fields do not match its hash');
  });
});
