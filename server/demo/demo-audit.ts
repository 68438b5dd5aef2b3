import type { Database, Sql } from '../db/database.ts';
import { AUDIT_LOCK, GENESIS_HASH, recordHash } from '../staff/audit-log.ts';
import type { DemoApplicationSummary } from './demo-application.ts';
import { createDice } from './demo-random.ts';
import { DemoTable } from './demo-tables.ts';

/**
 * The staff's year: a small demo team (invented people at example.lv, without passkeys: nobody logs in as them) and
 * the audit log their work would have left, hash-chained as writeAudit chains it. Only a log with no records gets a
 * history: an existing chain is never followed by records older than its own.
 */

const DAY = 86_400_000;
const DEMO_STAFF = [
  ['consultant', 'Ilze Demo', 'ilze.konsultante'],
  ['consultant', 'Māris Demo', 'maris.konsultants'],
  ['consultant', 'Olga Demo', 'olga.konsultante'],
  ['consultant', 'Roberts Demo', 'roberts.konsultants'],
  ['consultant', 'Santa Demo', 'santa.konsultante'],
  ['consultant', 'Igors Demo', 'igors.konsultants'],
  ['compliance', 'Dace Demo', 'dace.atbilstiba'],
  ['compliance', 'Jānis Demo', 'janis.atbilstiba'],
  ['administrator', 'Laura Demo', 'laura.admin'],
] as const;

/** The actions the demo history holds; the consultant's own actions join this list as they are written. */
export const DEMO_AUDIT_ACTIONS = ['staff.login', 'staff.logout', 'application.viewed', 'audit.searched'] as const;

const VIEW_REASONS = ['Klienta zvans', 'Klients lūdza atzvanīt', 'Dokumentu pārbaude', 'Sūdzības izskatīšana'];

interface Member {
  readonly id: string;
  readonly role: string;
}

async function demoStaff(sql: Sql, seed: string, now: Date): Promise<Member[]> {
  const dice = createDice(`${seed}:staff`);
  const members = DEMO_STAFF.map(([role, name, mailbox]) => ({
    id: dice.uuid(),
    role,
    name,
    email: `${mailbox}@example.lv`,
  }));
  const created = new Date(now.getTime() - 400 * DAY);
  // a member with the same address (an earlier seed) keeps its row: the demo history is then written by it
  await sql.query(
    `INSERT INTO staff_members (id, email, name, role, created_at)
     SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::timestamptz[]) ON CONFLICT DO NOTHING`,
    [
      members.map((m) => m.id),
      members.map((m) => m.email),
      members.map((m) => m.name),
      members.map((m) => m.role),
      members.map(() => created),
    ],
  );
  const { rows } = await sql.query<{ id: string; role: string }>(
    `SELECT id, role FROM staff_members WHERE lower(email) = ANY($1::text[]) AND removed_at IS NULL ORDER BY email`,
    [members.map((m) => m.email)],
  );
  return rows;
}

interface Entry {
  readonly at: number;
  readonly staffId: string;
  readonly action: string;
  readonly applicationId: string | null;
  readonly reason: string | null;
  readonly details: Record<string, string | number>;
}

function history(
  seed: string,
  now: Date,
  members: readonly Member[],
  applications: readonly DemoApplicationSummary[],
): Entry[] {
  const dice = createDice(`${seed}:audit`);
  const consultants = members.filter((m) => m.role === 'consultant');
  const compliance = members.filter((m) => m.role === 'compliance');
  const entries: Entry[] = [];
  const end = now.getTime();
  for (let day = end - 365 * DAY; day < end - DAY; day += DAY) {
    const weekday = new Date(day).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    for (const member of [...consultants, ...compliance]) {
      if (!dice.chance(0.85)) continue;
      const start = day - (day % DAY) + 6 * 3_600_000 + dice.int(0, 3_600_000);
      entries.push({
        at: start,
        staffId: member.id,
        action: 'staff.login',
        applicationId: null,
        reason: null,
        details: {},
      });
      entries.push({
        at: start + 9 * 3_600_000,
        staffId: member.id,
        action: 'staff.logout',
        applicationId: null,
        reason: null,
        details: {},
      });
      if (member.role === 'compliance' && dice.chance(0.3)) {
        entries.push({
          at: start + dice.int(1, 8) * 3_600_000,
          staffId: member.id,
          action: 'audit.searched',
          applicationId: null,
          reason: null,
          details: { records: dice.int(0, 200) },
        });
      }
    }
  }
  // a consultant opens about one application in five, within days of its arrival, some more than once
  for (const application of applications) {
    if (application.state === 'draft' || !dice.chance(0.2) || consultants.length === 0) continue;
    const views = dice.chance(0.3) ? 2 : 1;
    for (let view = 0; view < views; view++) {
      const at = application.created + dice.logNormal(1, 1.2) * DAY;
      if (at >= end) continue;
      entries.push({
        at: Math.floor(at),
        staffId: dice.pick(consultants).id,
        action: 'application.viewed',
        applicationId: application.id,
        reason: dice.pick(VIEW_REASONS),
        details: {},
      });
    }
  }
  return entries.sort((a, b) => a.at - b.at);
}

/** Writes the demo team and its history; returns the records written (0: the log had records already). */
export async function seedDemoAudit(
  db: Database,
  seed: string,
  now: Date,
  applications: readonly DemoApplicationSummary[],
): Promise<number> {
  // writeAudit's lock: a server appending meanwhile waits, and then follows the chain written here
  return db.transaction(async (sql) => {
    await sql.query('SELECT pg_advisory_xact_lock($1)', [AUDIT_LOCK]);
    return writeHistory(sql, seed, now, applications);
  });
}

async function writeHistory(
  sql: Sql,
  seed: string,
  now: Date,
  applications: readonly DemoApplicationSummary[],
): Promise<number> {
  const [existing] = (await sql.query<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM audit_log) AS any')).rows;
  if (existing?.any) return 0;
  const members = await demoStaff(sql, seed, now);
  const table = new DemoTable('audit_log', [
    ['seq', 'bigint'],
    ['at', 'timestamptz'],
    ['staff_id', 'uuid'],
    ['action', 'text'],
    ['application_id', 'uuid'],
    ['reason', 'text'],
    ['details', 'jsonb'],
    ['prev_hash', 'text'],
    ['hash', 'text'],
  ]);
  let prevHash = GENESIS_HASH;
  let seq = 0;
  for (const entry of history(seed, now, members, applications)) {
    seq++;
    const fields = {
      seq,
      at: new Date(entry.at),
      staffId: entry.staffId,
      action: entry.action,
      applicationId: entry.applicationId,
      reason: entry.reason,
      details: entry.details,
      prevHash,
    };
    const hash = recordHash(fields);
    table.add(
      seq,
      fields.at,
      entry.staffId,
      entry.action,
      entry.applicationId,
      entry.reason,
      JSON.stringify(entry.details),
      prevHash,
      hash,
    );
    prevHash = hash;
    if (table.size >= 5000) await table.flush(sql);
  }
  await table.flush(sql);
  return seq;
}
