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

/** The e-mail a person gave, as the consultants' search finds it: exactly, but for case and surrounding spaces. */
export const emailKeyOf = (lookupKey: Buffer, email: string): string =>
  keyed(lookupKey, 'email', email.trim().toLowerCase());

/**
 * The mailbox a message goes to, for counting what it gets: case and a `+tag` of the local part name the same
 * mailbox at nearly every provider, so they are not a way around a per-recipient limit.
 */
export const mailboxKeyOf = (lookupKey: Buffer, email: string): string => {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  const local = at < 0 ? address : address.slice(0, at);
  const domain = at < 0 ? '' : address.slice(at);
  return keyed(lookupKey, 'mailbox', local.replace(/\+.*$/, '') + domain);
};
