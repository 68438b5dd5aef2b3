import { createHash } from 'node:crypto';

/**
 * RP API v2 §2.3.5 "Idempotent behaviour": a session start repeated within 15 s with exactly the same
 * parameters gets the session the first one opened, so a relying party may resend a start whose answer it
 * never received. A `nonce` in the body makes otherwise equal starts differ. Keys are digests: the identifier
 * holds a personal code, which stays out of memory dumps longer than its session.
 */

export const IDEMPOTENCY_WINDOW_MS = 15_000;

export class IdempotentStarts {
  readonly #started = new Map<string, { sessionId: string; at: number }>();

  static key(semanticsId: string, body: unknown): string {
    return createHash('sha256').update(semanticsId).update('\n').update(JSON.stringify(body)).digest('base64url');
  }

  /** The session a start with this key opened within the window, if any. */
  find(key: string, now = Date.now()): string | undefined {
    this.#forgetBefore(now - IDEMPOTENCY_WINDOW_MS);
    return this.#started.get(key)?.sessionId;
  }

  remember(key: string, sessionId: string, now = Date.now()): void {
    this.#started.set(key, { sessionId, at: now });
  }

  // insertion order is time order: the expired entries are at the front
  #forgetBefore(oldest: number): void {
    for (const [key, entry] of this.#started) {
      if (entry.at >= oldest) break;
      this.#started.delete(key);
    }
  }
}
