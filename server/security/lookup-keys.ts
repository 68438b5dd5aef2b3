import { createHmac } from 'node:crypto';
import { normalizePersonalCode } from '../../domain/personal-code.ts';
import { normalizePhone } from '../../domain/phone.ts';

/**
 * Keyed hashes that find a person's rows without decrypting any: HMAC-SHA256 under the lookup key.
 * A plain hash would not do: there are few enough personal codes and phone numbers to hash them all.
 */
const keyed = (lookupKey: Buffer, purpose: string, value: string): string =>
  createHmac('sha256', lookupKey).update(`${purpose}\0${value}`).digest('base64url');

/** The person an application, a login or a consent belongs to. */
export const personKeyOf = (lookupKey: Buffer, personalCode: string): string =>
  keyed(lookupKey, 'person', normalizePersonalCode(personalCode));

/** The phone an SMS opt-out belongs to. */
export const phoneKeyOf = (lookupKey: Buffer, phoneNumber: string): string =>
  keyed(lookupKey, 'phone', normalizePhone(phoneNumber));
