import { generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { z } from 'zod';
import { issueSandboxCertificate, sandboxSmartIdCaKeys } from '../../identity/smart-id-cert.ts';
import type { SmartIdApiEndResult } from '../../identity/smart-id-client.ts';
import { smartIdVerificationCode } from '../../identity/verification-code.ts';

/**
 * The Smart-ID simulator's sessions, in memory, per registration: the relying-party API opens and polls them, the
 * tester's phone app and the control routes answer them. One place completes a session, so an OK answer is signed
 * and certified the same way whoever gives it, and every long poll waiting on it wakes.
 */

export const SAMPLE_GIVEN_NAME = 'Jānis';
export const SAMPLE_SURNAME = 'Bērziņš';

/** A name the tester may give the person an OK answer certifies. */
export const personNameSchema = z.string().trim().min(1).max(100);

/** a completed session's result stays readable this long */
const RESULT_TTL_MS = 5 * 60_000;
const MAX_SESSIONS = 20_000;

export interface SessionAnswer {
  readonly state: 'COMPLETE';
  readonly result: { readonly endResult: SmartIdApiEndResult; readonly documentNumber?: string };
  readonly signature?: { readonly value: string; readonly algorithm: 'Ed25519' };
  readonly cert?: { readonly value: string; readonly certificateLevel: 'QUALIFIED' };
  readonly interactionFlowUsed?: string;
}

export interface Session {
  readonly id: string;
  readonly personalCode: string;
  readonly hash: Buffer;
  readonly verificationCode: string;
  readonly displayText: string;
  readonly interaction: string;
  readonly createdAt: number;
  answer: SessionAnswer | null;
  readonly waiters: Set<() => void>;
  timer: NodeJS.Timeout | undefined;
}

export interface NewSession {
  readonly personalCode: string;
  readonly hash: Buffer;
  readonly displayText: string;
  /** the interaction the app shows; '' when the relying party allowed none the app supports */
  readonly interaction: string;
}

export class SessionStore {
  readonly #sessions = new Map<string, Session>();
  readonly #ca = sandboxSmartIdCaKeys();
  // One signing key for every sandbox person; each OK result gets a certificate with the tester's name.
  readonly #personKeys = generateKeyPairSync('ed25519');

  get isFull(): boolean {
    return this.#sessions.size >= MAX_SESSIONS;
  }

  get(id: string): Session | undefined {
    return this.#sessions.get(id);
  }

  open({ personalCode, hash, displayText, interaction }: NewSession): Session {
    const session: Session = {
      id: randomUUID(),
      personalCode,
      hash,
      verificationCode: smartIdVerificationCode(hash),
      displayText,
      interaction,
      createdAt: Date.now(),
      answer: null,
      waiters: new Set(),
      timer: undefined,
    };
    this.#sessions.set(session.id, session);
    return session;
  }

  /** The sessions nobody has answered yet, oldest first. */
  running(): Session[] {
    return [...this.#sessions.values()].filter((session) => !session.answer).sort((a, b) => a.createdAt - b.createdAt);
  }

  /** Runs `run` after `delayMs` instead of whatever the session had planned. */
  schedule(session: Session, delayMs: number, run: () => void): void {
    clearTimeout(session.timer);
    session.timer = setTimeout(run, Math.max(0, delayMs));
    session.timer.unref();
  }

  /** Answers a running session (false when it was answered already) and wakes its long polls. */
  complete(session: Session, endResult: SmartIdApiEndResult, givenName = SAMPLE_GIVEN_NAME, surname = SAMPLE_SURNAME) {
    if (session.answer) return false;
    const serialNumber = `PNOLV-${session.personalCode}`;
    session.answer =
      endResult === 'OK'
        ? {
            state: 'COMPLETE',
            result: { endResult, documentNumber: `${serialNumber}-SBX0-Q` },
            signature: {
              value: sign(null, session.hash, this.#personKeys.privateKey).toString('base64'),
              algorithm: 'Ed25519',
            },
            cert: {
              value: issueSandboxCertificate({
                serialNumber,
                givenName,
                surname,
                publicKey: this.#personKeys.publicKey,
                now: new Date(),
                caPrivateKey: this.#ca.privateKey,
              }),
              certificateLevel: 'QUALIFIED',
            },
            interactionFlowUsed: session.interaction,
          }
        : { state: 'COMPLETE', result: { endResult } };
    for (const wake of [...session.waiters]) wake();
    this.schedule(session, RESULT_TTL_MS, () => this.#sessions.delete(session.id));
    return true;
  }

  /** Resolves when the session is answered, or after `timeoutMs`, whichever comes first. */
  waitForAnswer(session: Session, timeoutMs: number): Promise<void> {
    if (session.answer || timeoutMs <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        session.waiters.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, timeoutMs);
      session.waiters.add(wake);
    });
  }

  /** Stops every timer and releases every long poll, so the server can close. */
  close(): void {
    for (const session of this.#sessions.values()) {
      clearTimeout(session.timer);
      for (const wake of [...session.waiters]) wake();
    }
  }
}
