import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * A publisher's API key, as the report endpoint checks it. Only the key's SHA-256 is kept, so the
 * configuration object (and anything that logs it) never holds a usable key.
 */
export interface PublisherKey {
  readonly publisherId: string;
  readonly keyDigest: Buffer;
}

const PUBLISHER_ID = /^[\w.-]{1,64}$/;
const MIN_KEY_LENGTH = 24;

const digest = (key: string): Buffer => createHash('sha256').update(key, 'utf8').digest();

/**
 * PUBLISHER_KEYS="publisherId:key,publisherId:key". A publisher may be listed twice while its key
 * is rotated; one key may not serve two publishers. Unset or empty: no publisher can sign in.
 */
export function parsePublisherKeys(list: string | undefined): PublisherKey[] {
  const keys: PublisherKey[] = [];
  const owners = new Map<string, string>();
  for (const entry of (list ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const separator = entry.indexOf(':');
    const publisherId = separator === -1 ? '' : entry.slice(0, separator).trim();
    const key = separator === -1 ? '' : entry.slice(separator + 1).trim();
    // the messages name the publisher but never echo a key
    if (!PUBLISHER_ID.test(publisherId)) {
      throw new Error('PUBLISHER_KEYS entries look like publisherId:key, the id made of letters, digits, _ . -');
    }
    if (key.length < MIN_KEY_LENGTH || /\s/.test(key)) {
      throw new Error(`PUBLISHER_KEYS: the key of ${publisherId} must be at least ${MIN_KEY_LENGTH} characters`);
    }
    const keyDigest = digest(key);
    const hex = keyDigest.toString('hex');
    const owner = owners.get(hex);
    if (owner !== undefined && owner !== publisherId) {
      throw new Error(`PUBLISHER_KEYS: ${owner} and ${publisherId} share a key`);
    }
    if (owner === undefined) keys.push({ publisherId, keyDigest });
    owners.set(hex, publisherId);
  }
  return keys;
}

/**
 * The publisher a presented key belongs to, or null. Every configured key is compared, in constant
 * time over equal-length digests, so neither the answer's timing nor its path tells how close a
 * guess came or which publisher it hit.
 */
export function publisherForKey(keys: readonly PublisherKey[], presented: string | null | undefined): string | null {
  if (!presented) return null;
  const candidate = digest(presented);
  let found: string | null = null;
  for (const { publisherId, keyDigest } of keys) {
    if (timingSafeEqual(candidate, keyDigest) && found === null) found = publisherId;
  }
  return found;
}

/** The key of an `Authorization: Bearer <key>` header, or null when the header is missing or another scheme. */
export function bearerKey(header: string | undefined): string | null {
  const match = header === undefined ? null : /^Bearer[ ]+(\S+)[ ]*$/i.exec(header);
  return match?.[1] ?? null;
}
