import type { Job } from 'pg-boss';
import type { Broker } from '../broker.ts';
import { smartIdFailure } from '../identity/smart-id-client.ts';
import { finishIdentification } from './identification.ts';

export interface SmartIdPollJob {
  readonly identificationId: string;
}

/** Smart-ID sessions end within two minutes; a little more covers clock and network slack. */
const SESSION_DEADLINE_MS = 150_000;
const LONG_POLL_MS = 20_000;

/**
 * Long-polls one Smart-ID session until its end result and ends the identification with it. The
 * job survives a restart: a retry picks the same session up again.
 */
export async function followSmartIdSession(broker: Broker, job: Job<SmartIdPollJob>): Promise<void> {
  const { identificationId } = job.data;
  for (;;) {
    const [identification] = (
      await broker.db.query<{
        state: string;
        provider_session_id: string | null;
        provider_challenge: string | null;
        created_at: Date;
      }>('SELECT state, provider_session_id, provider_challenge, created_at FROM identifications WHERE id = $1', [
        identificationId,
      ])
    ).rows;
    // finished, or the person chose another method meanwhile
    if (!identification || identification.state !== 'pending' || !identification.provider_session_id) return;
    if (Date.now() - identification.created_at.getTime() > SESSION_DEADLINE_MS) {
      await finishIdentification(broker, identificationId, { kind: 'failed', failure: 'timeout' });
      return;
    }
    const session = await broker.smartId.pollSession(
      identification.provider_session_id,
      LONG_POLL_MS,
      identification.provider_challenge ?? undefined,
    );
    if (session.state === 'RUNNING') continue;
    if (session.endResult === 'OK') {
      await finishIdentification(broker, identificationId, {
        kind: 'identified',
        personalCode: session.identity.personalCode,
      });
    } else {
      await finishIdentification(broker, identificationId, {
        kind: 'failed',
        failure: smartIdFailure(session.endResult),
      });
    }
    return;
  }
}
