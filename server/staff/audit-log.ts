import { createHash } from 'node:crypto';
import type { AuditQuery, AuditRecord, AuditVerifyAnswer } from '../../domain/staff-api.ts';
import type { Database, Sql } from '../db/database.ts';

/**
 * The audit log: who saw or did what, when, on which application and why. Rows are only ever appended (the
 * table's triggers refuse the rest) and chained: each record's hash covers the previous record's hash and its
 * own canonical fields, so `verifyAuditChain` finds the first record that was altered, removed or slipped in.
 * `details` carries ids and counts, never personal data: the log outlives the applications it names.
 */

export interface AuditEntry {
  /** null: the local administration (the staff CLI) */
  readonly staffId: string | null;
  readonly action: string;
  readonly applicationId?: string | null;
  readonly reason?: string | null;
  readonly details?: Readonly<Record<string, string | number | boolean | null>>;
}

export const GENESIS_HASH = '0'.repeat(64);
// one writer at a time: the chain's next link needs the last one
export const AUDIT_LOCK = 7204152;

/** JSON with every object's keys sorted: jsonb keeps no order, so the hash must not depend on one. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

interface ChainFields {
  readonly seq: number;
  readonly at: Date;
  readonly staffId: string | null;
  readonly action: string;
  readonly applicationId: string | null;
  readonly reason: string | null;
  readonly details: unknown;
  readonly prevHash: string;
}

export const recordHash = (fields: ChainFields): string =>
  createHash('sha256')
    .update(
      canonicalJson([
        fields.prevHash,
        fields.seq,
        fields.at.toISOString(),
        fields.staffId,
        fields.action,
        fields.applicationId,
        fields.reason,
        fields.details,
      ]),
    )
    .digest('hex');

/** Appends one record, in its own transaction or the caller's. */
export async function writeAudit(db: Database | Sql, entry: AuditEntry): Promise<void> {
  const append = async (tx: Sql) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [AUDIT_LOCK]);
    const [last] = (
      await tx.query<{ seq: string; hash: string }>('SELECT seq, hash FROM audit_log ORDER BY seq DESC LIMIT 1')
    ).rows;
    const fields: ChainFields = {
      seq: last ? Number(last.seq) + 1 : 1,
      // milliseconds, as the hash reads it back
      at: new Date(),
      staffId: entry.staffId,
      action: entry.action,
      applicationId: entry.applicationId ?? null,
      reason: entry.reason ?? null,
      details: entry.details ?? {},
      prevHash: last?.hash ?? GENESIS_HASH,
    };
    await tx.query(
      `INSERT INTO audit_log (seq, at, staff_id, action, application_id, reason, details, prev_hash, hash)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        fields.seq,
        fields.at,
        fields.staffId,
        fields.action,
        fields.applicationId,
        fields.reason,
        JSON.stringify(fields.details),
        fields.prevHash,
        recordHash(fields),
      ],
    );
  };
  if ('transaction' in db) await db.transaction(append);
  else await append(db);
}

interface AuditRow {
  seq: string;
  at: Date;
  staff_id: string | null;
  staff_email: string | null;
  action: string;
  application_id: string | null;
  reason: string | null;
  details: Record<string, unknown>;
  prev_hash: string;
  hash: string;
}

/** The records a search names, newest first, at most `limit` (the CSV: every one). */
export async function searchAuditLog(
  sql: Sql,
  query: AuditQuery,
  limit: number,
): Promise<{ records: AuditRecord[]; truncated: boolean }> {
  const { rows } = await sql.query<AuditRow>(
    `SELECT a.seq, a.at, a.staff_id, m.email AS staff_email, a.action, a.application_id, a.reason, a.details,
            a.prev_hash, a.hash
     FROM audit_log a LEFT JOIN staff_members m ON m.id = a.staff_id
     WHERE ($1::date IS NULL OR a.at >= ($1::date::timestamp AT TIME ZONE 'Europe/Riga'))
       AND ($2::date IS NULL OR a.at < (($2::date + 1)::timestamp AT TIME ZONE 'Europe/Riga'))
       AND ($3::uuid IS NULL OR a.staff_id = $3)
       AND ($4::text IS NULL OR a.action = $4)
       AND ($5::uuid IS NULL OR a.application_id = $5)
     ORDER BY a.seq DESC
     LIMIT $6`,
    [
      query.from ?? null,
      query.to ?? null,
      query.staffId ?? null,
      query.action ?? null,
      query.applicationId ?? null,
      limit + 1,
    ],
  );
  return {
    records: rows.slice(0, limit).map((row) => ({
      seq: Number(row.seq),
      at: row.at.toISOString(),
      staffId: row.staff_id,
      staffEmail: row.staff_email,
      action: row.action,
      applicationId: row.application_id,
      reason: row.reason,
      details: row.details,
      hash: row.hash,
    })),
    truncated: rows.length > limit,
  };
}

const CSV_COLUMNS = [
  'seq',
  'at',
  'staffId',
  'staffEmail',
  'action',
  'applicationId',
  'reason',
  'details',
  'hash',
] as const;

/** A cell as RFC 4180 quotes it; a leading =, +, - or @ is defused so a spreadsheet never runs it as a formula. */
function csvCell(value: unknown): string {
  const text =
    value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const auditCsv = (records: readonly AuditRecord[]): string =>
  '\uFEFF' +
  [CSV_COLUMNS.join(','), ...records.map((record) => CSV_COLUMNS.map((column) => csvCell(record[column])).join(','))]
    .map((line) => `${line}\r\n`)
    .join('');

const VERIFY_PAGE = 1000;

/** Walks the whole chain in order and names the first record whose link or hash does not hold. */
export async function verifyAuditChain(sql: Sql): Promise<AuditVerifyAnswer> {
  let expectedSeq = 1;
  let prevHash = GENESIS_HASH;
  for (;;) {
    const { rows } = await sql.query<AuditRow>(
      `SELECT seq, at, staff_id, NULL AS staff_email, action, application_id, reason, details, prev_hash, hash
       FROM audit_log WHERE seq >= $1 ORDER BY seq LIMIT $2`,
      [expectedSeq, VERIFY_PAGE],
    );
    for (const row of rows) {
      const seq = Number(row.seq);
      const broken = (problem: string): AuditVerifyAnswer => ({
        ok: false,
        records: expectedSeq - 1,
        broken: { seq, problem },
      });
      if (seq !== expectedSeq)
        return { ok: false, records: expectedSeq - 1, broken: { seq: expectedSeq, problem: 'missing' } };
      if (row.prev_hash !== prevHash) return broken('its link to the previous record does not match');
      const hash = recordHash({
        seq,
        at: row.at,
        staffId: row.staff_id,
        action: row.action,
        applicationId: row.application_id,
        reason: row.reason,
        details: row.details,
        prevHash: row.prev_hash,
      });
      if (hash !== row.hash) return broken('its fields do not match its hash');
      prevHash = row.hash;
      expectedSeq++;
    }
    if (rows.length < VERIFY_PAGE) return { ok: true, records: expectedSeq - 1, broken: null };
  }
}
