import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { PasskeyOptions, StaffMe, StaffRole } from '../../domain/staff-api.ts';
import type { Language } from '../../domain/language.ts';
import { Refusal } from '../applications/refusal.ts';
import type { Database, Sql } from '../db/database.ts';
import { writeAudit } from './audit-log.ts';
import { clientKey, isLockedOut, memberKey, recordFailure } from './lockout.ts';
import { hashEnrolmentToken } from './members.ts';
import type { RelyingParty } from './relying-party.ts';

/**
 * Passkeys (WebAuthn, verified by SimpleWebAuthn): a member enrols one from their link, then logs in with it.
 * The relying party is the site the config's public base URL names (relying-party.ts).
 */

const RP_NAME = 'Kreditkompass';
const CHALLENGE_MINUTES = 5;

interface Enrolment {
  staff_id: string;
  email: string;
  name: string;
  challenge: string | null;
}

async function liveEnrolment(sql: Sql, token: string): Promise<Enrolment> {
  const [row] = (
    await sql.query<Enrolment>(
      `SELECT e.staff_id, m.email, m.name, e.challenge FROM staff_enrolments e JOIN staff_members m ON m.id = e.staff_id
       WHERE e.token_hash = $1 AND e.used_at IS NULL AND e.expires_at > now() AND m.removed_at IS NULL`,
      [hashEnrolmentToken(token)],
    )
  ).rows;
  if (!row) throw new Refusal('enrolmentInvalid');
  return row;
}

export async function enrolmentOptions(sql: Sql, rp: RelyingParty, token: string): Promise<PasskeyOptions> {
  const enrolment = await liveEnrolment(sql, token);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.id,
    userName: enrolment.email,
    userDisplayName: enrolment.name || enrolment.email,
    userID: new TextEncoder().encode(enrolment.staff_id),
    attestationType: 'none',
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await sql.query('UPDATE staff_enrolments SET challenge = $2 WHERE token_hash = $1', [
    hashEnrolmentToken(token),
    options.challenge,
  ]);
  return { ...options };
}

interface MemberRow {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  language: Language;
}

const meOf = (row: MemberRow): StaffMe => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
  language: row.language,
});

async function member(sql: Sql, id: string): Promise<StaffMe> {
  const [row] = (
    await sql.query<MemberRow>('SELECT id, email, name, role, language FROM staff_members WHERE id = $1', [id])
  ).rows;
  if (!row) throw new Refusal('unknownStaffMember');
  return meOf(row);
}

/** Keeps the passkey and spends the link, in one transaction: a link enrols one passkey, once. */
export async function verifyEnrolment(
  db: Database,
  rp: RelyingParty,
  token: string,
  response: RegistrationResponseJSON,
): Promise<StaffMe> {
  const enrolment = await liveEnrolment(db, token);
  const { challenge } = enrolment;
  if (!challenge) throw new Refusal('passkeyRefused');
  const verification = await verifyRegistrationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: [...rp.origins],
    expectedRPID: rp.id,
  }).catch(() => ({ verified: false as const }));
  if (!verification.verified) throw new Refusal('passkeyRefused');
  const { credential } = verification.registrationInfo;
  await db.transaction(async (tx) => {
    const spent = await tx.query(
      'UPDATE staff_enrolments SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL AND challenge = $2 RETURNING 1',
      [hashEnrolmentToken(token), challenge],
    );
    if (spent.rows.length === 0) throw new Refusal('enrolmentInvalid');
    await tx.query(
      'INSERT INTO staff_credentials (id, staff_id, public_key, counter, transports) VALUES ($1, $2, $3, $4, $5)',
      [
        credential.id,
        enrolment.staff_id,
        Buffer.from(credential.publicKey),
        credential.counter,
        credential.transports ?? [],
      ],
    );
    await writeAudit(tx, { staffId: enrolment.staff_id, action: 'staff.enrolled' });
  });
  return member(db, enrolment.staff_id);
}

export async function loginOptions(sql: Sql, rp: RelyingParty): Promise<PasskeyOptions> {
  // discoverable passkeys: the browser offers the member's own, so the page asks for no e-mail first
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'required' });
  await sql.query('INSERT INTO staff_login_challenges (challenge) VALUES ($1)', [options.challenge]);
  return { ...options };
}

interface CredentialRow {
  id: string;
  staff_id: string;
  public_key: Uint8Array;
  counter: string;
  transports: string[];
}

/** Takes a login's challenge once: whether it was issued here within its minutes. */
async function spendChallenge(sql: Sql, challenge: string): Promise<boolean> {
  const { rows } = await sql.query(
    `DELETE FROM staff_login_challenges WHERE challenge = $1 AND created_at > now() - make_interval(mins => $2)
     RETURNING 1`,
    [challenge, CHALLENGE_MINUTES],
  );
  return rows.length > 0;
}

/** Verifies an assertion and answers the member it logs in; a failure counts towards the lockout. */
export async function verifyLogin(
  db: Database,
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  clientAddress: string,
): Promise<StaffMe> {
  const [credential] = (
    await db.query<CredentialRow>(
      `SELECT c.id, c.staff_id, c.public_key, c.counter, c.transports FROM staff_credentials c
       JOIN staff_members m ON m.id = c.staff_id WHERE c.id = $1 AND m.removed_at IS NULL`,
      [response.id],
    )
  ).rows;
  const keys = [clientKey(clientAddress), ...(credential ? [memberKey(credential.staff_id)] : [])];
  if (await isLockedOut(db, keys)) throw new Refusal('staffLockedOut');
  const fail = async (): Promise<never> => {
    await recordFailure(db, keys);
    await writeAudit(db, {
      staffId: credential?.staff_id ?? null,
      action: 'staff.loginFailed',
      details: { knownPasskey: credential !== undefined },
    });
    throw new Refusal('staffLoginFailed');
  };
  if (!credential) return fail();
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: (challenge) => spendChallenge(db, challenge),
    expectedOrigin: [...rp.origins],
    expectedRPID: rp.id,
    credential: {
      id: credential.id,
      publicKey: new Uint8Array(credential.public_key),
      counter: Number(credential.counter),
      transports: credential.transports,
    },
  }).catch(() => ({ verified: false, authenticationInfo: null }));
  if (!verification.verified || !verification.authenticationInfo) return fail();
  await db.query('UPDATE staff_credentials SET counter = $2 WHERE id = $1', [
    credential.id,
    verification.authenticationInfo.newCounter,
  ]);
  await writeAudit(db, { staffId: credential.staff_id, action: 'staff.login' });
  return member(db, credential.staff_id);
}
