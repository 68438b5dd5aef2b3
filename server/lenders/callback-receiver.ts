import { partnerCallbackSchema, type PartnerCallback } from './messages.ts';
import { checkPartnerMessage, PARTNER_HEADER, type NonceStore, type PartnerHeaders } from './partner-protocol.ts';
import { parseJson } from './raw-json.ts';
import type { LenderEndpoint } from './registry.ts';

/**
 * The broker's check of a lender's callback, before anything is stored: the signer is a known lender, the
 * signature is that lender's, the message is fresh and not a replay, the body parses with partnerCallbackSchema,
 * and the body's lenderId is the signer. `status` is what to answer on failure: a lender retries on 5xx and stops
 * on 4xx, and none of these failures gets better by retrying the same message.
 */
export type CallbackCheck =
  | { ok: true; lender: LenderEndpoint; callback: PartnerCallback }
  | {
      ok: false;
      status: 400 | 401;
      reason:
        | 'unknownLender'
        | 'missing'
        | 'badSignature'
        | 'stale'
        | 'replayed'
        | 'wrongPartner'
        | 'malformed'
        | 'lenderMismatch';
    };

export async function verifyPartnerCallback(
  registry: readonly LenderEndpoint[],
  headers: PartnerHeaders,
  rawBody: string,
  nonces: NonceStore,
  now = Date.now(),
): Promise<CallbackCheck> {
  const partner =
    typeof (headers as Headers).get === 'function'
      ? (headers as Headers).get(PARTNER_HEADER)
      : (headers as Record<string, unknown>)[PARTNER_HEADER];
  const lender = typeof partner === 'string' ? registry.find((candidate) => candidate.id === partner) : undefined;
  if (!lender) return { ok: false, status: 401, reason: partner ? 'unknownLender' : 'missing' };
  const checked = await checkPartnerMessage(lender.secret, headers, rawBody, {
    expectedPartner: lender.id,
    nonces,
    now,
  });
  if (!checked.ok) return { ok: false, status: 401, reason: checked.reason };
  const parsed = partnerCallbackSchema.safeParse(parseJson(rawBody));
  if (!parsed.success) return { ok: false, status: 400, reason: 'malformed' };
  if (parsed.data.lenderId !== lender.id) return { ok: false, status: 401, reason: 'lenderMismatch' };
  return { ok: true, lender, callback: parsed.data };
}
