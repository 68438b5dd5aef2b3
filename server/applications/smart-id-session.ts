import { setTimeout as sleep } from 'node:timers/promises';
import type { Broker } from '../broker.ts';
import { smartIdFailure } from '../identity/smart-id-client.ts';
import { finishIdentification, type FoundIdentification } from './identification-outcome.ts';

/** Smart-ID sessions end within two minutes; a little more covers clock and network slack. */
const SESSION_DEADLINE_MS = 150_000;
const LONG_POLL_MS = 20_000;
/**
 * How long a process holds a session it follows without renewing the hold: longer than a long poll and its
 * grace, so only a process that stopped loses it. Renewed before every long poll.
 */
export const FOLLOW_LEASE_SECONDS = 60;
/** A failed poll (the service or the database unreachable) is tried again after this, this many times in a row. */
const RETRY_PAUSE_MS = 1000;
const FAILURES_BEFORE_GIVING_UP = 5;

/**
 * Follows a Smart-ID session in this process, beside its requests, until its end result ends the
 * identification. The start holds the session's lease (`follow_until`); if this process stops or gives
 * up, the lease runs out and resumeSmartIdSessions takes the session up again wherever it runs.
 */
export function followSmartIdSession(broker: Broker, identificationId: string, started?: FollowedSession): void {
  broker.background.run(`smart-id:${identificationId}`, (signal) => follow(broker, identificationId, signal, started));
}

/** A session as the start has just stored it, with its lease: the first long poll goes without renewing it. */
export interface FollowedSession {
  readonly sessionId: string;
  readonly challenge: string;
  /** the identification and its application as the start stored them: its end reads neither again */
  readonly identification: FoundIdentification;
}

interface SessionToPoll {
  readonly provider_session_id: string;
  readonly provider_challenge: string | null;
}

async function follow(
  broker: Broker,
  identificationId: string,
  signal: AbortSignal,
  started: FollowedSession | undefined,
): Promise<void> {
  let first = started;
  for (let failures = 0; !signal.aborted;) {
    try {
      const session = first;
      first = undefined;
      const ended = session
        ? await pollSession(
            broker,
            identificationId,
            { provider_session_id: session.sessionId, provider_challenge: session.challenge },
            signal,
            session.identification,
          )
        : await pollOnce(broker, identificationId, signal);
      if (ended) return;
      failures = 0;
    } catch (error) {
      if (signal.aborted) break;
      if (++failures >= FAILURES_BEFORE_GIVING_UP) throw error;
      await sleep(RETRY_PAUSE_MS, undefined, { signal }).catch(() => undefined);
    }
  }
  // this process is stopping: the session goes back at once to whichever process resumes sessions next (the one
  // starting in its place does so as it starts), not after the lease's minute
  await broker.db
    .query(`UPDATE identifications SET follow_until = NULL WHERE id = $1 AND state = 'pending'`, [identificationId])
    .catch(() => undefined);
}

/** Renews the lease and long-polls once; true when there is nothing more to follow. */
async function pollOnce(broker: Broker, identificationId: string, signal: AbortSignal): Promise<boolean> {
  const [identification] = (
    await broker.db.query<{ provider_session_id: string | null; provider_challenge: string | null; created_at: Date }>(
      `UPDATE identifications SET follow_until = now() + make_interval(secs => $2)
       WHERE id = $1 AND state = 'pending'
       RETURNING provider_session_id, provider_challenge, created_at`,
      [identificationId, FOLLOW_LEASE_SECONDS],
    )
  ).rows;
  // finished, or the person chose another method meanwhile
  if (!identification?.provider_session_id) return true;
  if (Date.now() - identification.created_at.getTime() > SESSION_DEADLINE_MS) {
    await finishIdentification(broker, identificationId, { kind: 'failed', failure: 'timeout' });
    return true;
  }
  return pollSession(
    broker,
    identificationId,
    { provider_session_id: identification.provider_session_id, provider_challenge: identification.provider_challenge },
    signal,
  );
}

/** One long poll of the session, and the identification's end once it has one; true when it ended. */
async function pollSession(
  broker: Broker,
  identificationId: string,
  identification: SessionToPoll,
  signal: AbortSignal,
  known?: FoundIdentification,
): Promise<boolean> {
  const session = await broker.smartId.pollSession(
    identification.provider_session_id,
    LONG_POLL_MS,
    identification.provider_challenge ?? undefined,
    signal,
  );
  if (signal.aborted || session.state === 'RUNNING') return false;
  await finishIdentification(
    broker,
    identificationId,
    session.endResult === 'OK'
      ? { kind: 'identified', personalCode: session.identity.personalCode }
      : { kind: 'failed', failure: smartIdFailure(session.endResult) },
    known,
  );
  return true;
}

/**
 * Sessions whose lease ran out, their process having stopped (or given up on an unreachable service):
 * this process claims them and follows them. Run by the sweep and when a process starts.
 */
export async function resumeSmartIdSessions(broker: Broker): Promise<number> {
  const { rows } = await broker.db.query<{ id: string }>(
    `UPDATE identifications SET follow_until = now() + make_interval(secs => $1)
     WHERE state = 'pending' AND method = 'smartId' AND provider_session_id IS NOT NULL
       AND (follow_until IS NULL OR follow_until < now())
     RETURNING id`,
    [FOLLOW_LEASE_SECONDS],
  );
  for (const row of rows) followSmartIdSession(broker, row.id);
  return rows.length;
}
