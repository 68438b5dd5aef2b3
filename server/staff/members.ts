import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { AddStaffBody, EnrolmentLinkAnswer, StaffMember, StaffRole } from '../../domain/staff-api.ts';
import type { Language } from '../../domain/language.ts';
import { Refusal } from '../applications/refusal.ts';
import type { Database, Sql } from '../db/database.ts';
import { writeAudit } from './audit-log.ts';
import { relyingPartyOf } from './relying-party.ts';

/**
 * The staff members and their one-time enrolment links. A link carries 256 random bits in its fragment (never
 * sent to a server's log or in a Referer); the table keeps their SHA-256. Issuing a link ends the member's
 * earlier unused ones. Every change is written to the audit log in the same transaction.
 */

export const ENROLMENT_HOURS = 72;
export const STAFF_PAGE_PATH = '/staff';

export const hashEnrolmentToken = (token: string): string => createHash('sha256').update(token).digest('base64url');

interface MemberRow {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  language: Language;
  created_at: Date;
  enrolled: boolean;
}

const MEMBER_COLUMNS = `m.id, m.email, m.name, m.role, m.language, m.created_at,
  EXISTS (SELECT 1 FROM staff_credentials c WHERE c.staff_id = m.id) AS enrolled`;

const memberOf = (row: MemberRow): StaffMember => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
  language: row.language,
  createdAt: row.created_at.toISOString(),
  enrolled: row.enrolled,
});

export async function listStaffMembers(sql: Sql): Promise<StaffMember[]> {
  const { rows } = await sql.query<MemberRow>(
    `SELECT ${MEMBER_COLUMNS} FROM staff_members m WHERE m.removed_at IS NULL ORDER BY m.role, lower(m.email)`,
  );
  return rows.map(memberOf);
}

async function memberById(sql: Sql, id: string): Promise<StaffMember> {
  const [row] = (
    await sql.query<MemberRow>(
      `SELECT ${MEMBER_COLUMNS} FROM staff_members m WHERE m.id = $1 AND m.removed_at IS NULL`,
      [id],
    )
  ).rows;
  if (!row) throw new Refusal('unknownStaffMember');
  return memberOf(row);
}

async function issueEnrolment(
  tx: Sql,
  staffId: string,
  publicBaseUrl: string,
): Promise<{ url: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + ENROLMENT_HOURS * 3_600_000);
  await tx.query('DELETE FROM staff_enrolments WHERE staff_id = $1 AND used_at IS NULL', [staffId]);
  await tx.query('INSERT INTO staff_enrolments (token_hash, staff_id, expires_at) VALUES ($1, $2, $3)', [
    hashEnrolmentToken(token),
    staffId,
    expiresAt,
  ]);
  const [origin] = relyingPartyOf(publicBaseUrl).origins;
  return { url: `${origin ?? publicBaseUrl}${STAFF_PAGE_PATH}#enrol=${token}`, expiresAt };
}

/** Adds a member and answers their enrolment link; `by` is the administrator, null for the staff CLI. */
export async function addStaffMember(
  db: Database,
  publicBaseUrl: string,
  body: AddStaffBody,
  by: string | null,
): Promise<EnrolmentLinkAnswer> {
  const id = randomUUID();
  const link = await db.transaction(async (tx) => {
    const taken = await tx.query('SELECT 1 FROM staff_members WHERE lower(email) = lower($1) AND removed_at IS NULL', [
      body.email,
    ]);
    if (taken.rows.length > 0) throw new Refusal('staffMemberExists');
    await tx.query('INSERT INTO staff_members (id, email, name, role, language) VALUES ($1, $2, $3, $4, $5)', [
      id,
      body.email,
      body.name,
      body.role,
      body.language,
    ]);
    const issued = await issueEnrolment(tx, id, publicBaseUrl);
    await writeAudit(tx, {
      staffId: by,
      action: 'staff.added',
      details: { memberId: id, role: body.role, ...(by === null ? { by: 'localAdministration' } : {}) },
    });
    return issued;
  });
  return { member: await memberById(db, id), enrolmentUrl: link.url, expiresAt: link.expiresAt.toISOString() };
}

export async function renewEnrolment(
  db: Database,
  publicBaseUrl: string,
  memberId: string,
  by: string,
): Promise<EnrolmentLinkAnswer> {
  const member = await memberById(db, memberId);
  const link = await db.transaction(async (tx) => {
    const issued = await issueEnrolment(tx, memberId, publicBaseUrl);
    await writeAudit(tx, { staffId: by, action: 'staff.enrolmentRenewed', details: { memberId } });
    return issued;
  });
  return { member, enrolmentUrl: link.url, expiresAt: link.expiresAt.toISOString() };
}

/** Removes a member: sessions, passkeys and links go; the row stays for the audit log's sake. */
export async function removeStaffMember(db: Database, memberId: string, by: string, reason: string): Promise<void> {
  // an administrator never removes themselves: so there is always one left to add the next
  if (memberId === by) throw new Refusal('staffForbidden');
  await db.transaction(async (tx) => {
    const removed = await tx.query(
      'UPDATE staff_members SET removed_at = now() WHERE id = $1 AND removed_at IS NULL RETURNING id',
      [memberId],
    );
    if (removed.rows.length === 0) throw new Refusal('unknownStaffMember');
    await tx.query('DELETE FROM staff_sessions WHERE staff_id = $1', [memberId]);
    await tx.query('DELETE FROM staff_credentials WHERE staff_id = $1', [memberId]);
    await tx.query('DELETE FROM staff_enrolments WHERE staff_id = $1', [memberId]);
    await writeAudit(tx, { staffId: by, action: 'staff.removed', reason, details: { memberId } });
  });
}
