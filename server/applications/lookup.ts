import type { Broker } from '../broker.ts';
import { Refusal } from './refusal.ts';
import { tokenHash } from '../security/tokens.ts';
import { isRevokedToken } from './token-revocation.ts';

interface TokenEntry {
  readonly id: string;
  readonly expiresAt: number;
}

/**
 * Tokens seen recently, by the token itself: a poll then costs no hashing. Only the database must
 * never hold a usable token; this process holds the encryption keys anyway.
 */
const tokenCache = new Map<string, TokenEntry>();
const MAX_TOKENS = 50_000;

/**
 * The application of a token this process has seen and that has not expired, without a promise: the
 * status endpoint's fast path. undefined: ask applicationIdForToken.
 */
export function knownApplicationId(token: string): string | undefined {
  const entry = tokenCache.get(token);
  return entry && entry.expiresAt > Date.now() ? entry.id : undefined;
}

/** A token this process has just issued: its application's next requests find it without a statement. */
export function rememberToken(token: string, applicationId: string, expiresAt: Date): void {
  remember(token, applicationId, expiresAt);
}

function remember(token: string, id: string, expiresAt: Date): TokenEntry {
  const entry = { id, expiresAt: expiresAt.getTime() };
  if (tokenCache.size >= MAX_TOKENS) tokenCache.delete(tokenCache.keys().next().value as string);
  tokenCache.set(token, entry);
  return entry;
}

/** Drops the tokens of an application from this process's cache: "log out everywhere" replaced them. */
export function forgetTokensOf(applicationId: string): void {
  for (const [token, entry] of tokenCache) if (entry.id === applicationId) tokenCache.delete(token);
}

/**
 * The application a token opens; unknown and expired tokens both answer 404 invalidToken, a token that
 * "log out everywhere" replaced answers tokenRevoked, so its browser can lead the person to log in.
 */
export async function applicationIdForToken(broker: Broker, token: string): Promise<string> {
  let entry = tokenCache.get(token);
  if (!entry) {
    const [row] = (
      await broker.db.query<{ id: string; token_expires_at: Date }>(
        'SELECT id, token_expires_at FROM applications WHERE token_hash = $1',
        [tokenHash(token)],
      )
    ).rows;
    if (!row) throw new Refusal((await isRevokedToken(broker.db, token)) ? 'tokenRevoked' : 'unknownToken');
    entry = remember(token, row.id, row.token_expires_at);
  }
  if (entry.expiresAt <= Date.now()) throw new Refusal('unknownToken');
  return entry.id;
}
