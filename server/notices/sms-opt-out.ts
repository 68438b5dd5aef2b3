import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Language } from '../../domain/language.ts';
import type { Broker } from '../broker.ts';
import type { Sql } from '../db/database.ts';
import { Refusal } from '../applications/refusal.ts';
import { phoneKeyOf } from '../security/lookup-keys.ts';
import { withinRecipientLimit } from './recipient-limits.ts';

/**
 * The footer's SMS opt-out: whoever holds the phone gets a code by SMS and, with it, stops every SMS
 * to that number. The number is kept only as a keyed hash; the code only as a hash, for 10 minutes. A number gets
 * a few codes an hour, whoever asks and from wherever (recipient-limits.ts); the route's per-address limit comes on
 * top.
 */
const CODE_MINUTES = 10;
const MAX_ATTEMPTS = 5;

const CODE_TEXT: Record<Language, (code: string) => string> = {
  lv: (code) => `Kreditkompass: jūsu kods atteikumam no īsziņām ir ${code}. Tas derīgs ${CODE_MINUTES} minūtes.`,
  ru: (code) => `Kreditkompass: ваш код для отказа от СМС — ${code}. Он действует ${CODE_MINUTES} минут.`,
};

const hashCode = (phoneKey: string, code: string): Buffer =>
  createHash('sha256').update(`${phoneKey}\0${code}`).digest();

export async function startSmsOptOut(broker: Broker, phoneNumber: string, language: Language): Promise<void> {
  const phoneKey = phoneKeyOf(broker.config.lookupKey, phoneNumber);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const allowed = await broker.db.transaction((tx) =>
    withinRecipientLimit(tx, 'smsOptOutCode', phoneKey, async () => {
      await tx.query(
        `INSERT INTO sms_opt_out_codes (phone_key, code_hash, attempts, expires_at)
         VALUES ($1, $2, 0, now() + make_interval(mins => $3))
         ON CONFLICT (phone_key) DO UPDATE SET code_hash = $2, attempts = 0, expires_at = now() + make_interval(mins => $3)`,
        [phoneKey, hashCode(phoneKey, code).toString('base64url'), CODE_MINUTES],
      );
      return true;
    }),
  );
  if (!allowed) throw new Refusal('tooManyCodes');
  try {
    await broker.sms.send({ to: phoneNumber, text: CODE_TEXT[language](code) });
  } catch {
    throw new Refusal('providerUnavailable');
  }
}

export async function confirmSmsOptOut(broker: Broker, phoneNumber: string, code: string): Promise<void> {
  const phoneKey = phoneKeyOf(broker.config.lookupKey, phoneNumber);
  const confirmed = await broker.db.transaction(async (tx) => {
    const [row] = (
      await tx.query<{ code_hash: string; attempts: number }>(
        `SELECT code_hash, attempts FROM sms_opt_out_codes
         WHERE phone_key = $1 AND expires_at > now() FOR UPDATE`,
        [phoneKey],
      )
    ).rows;
    if (!row || row.attempts >= MAX_ATTEMPTS) return false;
    const expected = Buffer.from(row.code_hash, 'base64url');
    const given = hashCode(phoneKey, code);
    if (!timingSafeEqual(expected, given)) {
      await tx.query('UPDATE sms_opt_out_codes SET attempts = attempts + 1 WHERE phone_key = $1', [phoneKey]);
      return false;
    }
    await tx.query('DELETE FROM sms_opt_out_codes WHERE phone_key = $1', [phoneKey]);
    await tx.query(
      `INSERT INTO sms_opt_outs (phone_key) VALUES ($1) ON CONFLICT (phone_key) DO UPDATE SET opted_out_at = now()`,
      [phoneKey],
    );
    return true;
  });
  if (!confirmed) throw new Refusal('wrongSmsCode');
}

/** Codes past their time, used or not: the daily clean-up deletes them. */
export async function deleteExpiredOptOutCodes(sql: Sql): Promise<void> {
  await sql.query('DELETE FROM sms_opt_out_codes WHERE expires_at < now()');
}
