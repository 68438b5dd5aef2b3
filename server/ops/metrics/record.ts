import { performance } from 'node:perf_hooks';
import {
  movesOf,
  RECEIVED_STATE,
  type LifecycleEvent,
  type LifecycleState,
} from '../../../domain/application-lifecycle.ts';
import { NOTICE_RETRY_LIMIT } from '../../jobs/queues.ts';
import type { BrokerMetrics } from './registry.ts';

/**
 * What the use cases call to count. Each broker's metrics are found by its database object, which every use case
 * reaches (a broker, a batch's `db`), so no signature grows a metrics parameter; code with no metrics attached (a
 * unit test's database) counts nothing.
 */
const byDatabase = new WeakMap<object, BrokerMetrics>();

/** Whose metrics: a broker, or anything holding its database. */
export interface MetricsOwner {
  readonly db: object;
}

export const attachMetrics = (db: object, metrics: BrokerMetrics): void => void byDatabase.set(db, metrics);
export const metricsOf = (owner: MetricsOwner): BrokerMetrics | undefined => byDatabase.get(owner.db);

/** A state entered, `times` times (a statement may move several applications). */
export function countStateChange(owner: MetricsOwner, state: LifecycleState | null | undefined, times = 1): void {
  if (state && times > 0) metricsOf(owner)?.stateChanges.inc({ state }, times);
}

/** The state `event` enters, for the events that lead to one state from wherever they start. */
export function stateEnteredBy(event: LifecycleEvent): LifecycleState {
  if (event === 'received') return RECEIVED_STATE;
  const targets = new Set(movesOf(event).map(([, to]) => to));
  const [target] = targets;
  if (targets.size !== 1 || target === undefined) throw new Error(`${event} enters more than one state`);
  return target;
}

/** `event` moved an application (`moved`), or as many as `moved` counts. */
export function countEvent(owner: MetricsOwner, event: LifecycleEvent, moved: boolean | number | undefined): void {
  const times = typeof moved === 'number' ? moved : moved ? 1 : 0;
  if (times > 0) countStateChange(owner, stateEnteredBy(event), times);
}

/** Sends remembered for their answer's duration; a lender that never answers leaves its entry until evicted. */
const MAX_SENDS_REMEMBERED = 20_000;

/**
 * Times the HTTP send of lender request `requestId` to `lenderId`, and remembers when it started: a lender may answer
 * before the send returns. A send that throws counts as the lender's error.
 */
export async function timeLenderSend<T>(
  owner: MetricsOwner,
  lenderId: string,
  requestId: string,
  send: () => Promise<T>,
): Promise<T> {
  const metrics = metricsOf(owner);
  if (!metrics) return send();
  const started = performance.now();
  if (metrics.sentAt.size >= MAX_SENDS_REMEMBERED) metrics.sentAt.delete(metrics.sentAt.keys().next().value as string);
  metrics.sentAt.set(requestId, started);
  const end = metrics.lenderSendDuration.startTimer({ lender: lenderId });
  try {
    return await send();
  } catch (error) {
    metrics.lenderErrors.inc({ lender: lenderId });
    metrics.sentAt.delete(requestId);
    throw error;
  } finally {
    end();
  }
}

/** A lender's callback as the answers are counted: the lender requests' own words where they have one. */
const ANSWER_KINDS: Readonly<Record<string, string>> = {
  offer: 'offer',
  decline: 'declined',
  documentsRequest: 'documents',
};

/**
 * A lender's callback taken. An offer or a decline to a send this process made also gives the answer's duration
 * (once: a second offer of the same request is not a second answer).
 */
export function lenderAnswered(owner: MetricsOwner, lenderId: string, requestId: string, type: string): void {
  const metrics = metricsOf(owner);
  if (!metrics) return;
  const kind = ANSWER_KINDS[type] ?? type;
  metrics.lenderAnswers.inc({ lender: lenderId, kind });
  const sentAt = kind === 'offer' || kind === 'declined' ? metrics.sentAt.get(requestId) : undefined;
  if (sentAt === undefined) return;
  metrics.sentAt.delete(requestId);
  metrics.lenderAnswerDuration.observe({ lender: lenderId }, (performance.now() - sentAt) / 1000);
}

/** A lender request ended without an answer: out of time, or failed for good. */
export function lenderRequestEnded(
  owner: MetricsOwner,
  lenderId: string | undefined,
  requestId: string,
  state: string,
) {
  const metrics = metricsOf(owner);
  if (!metrics || lenderId === undefined) return;
  metrics.sentAt.delete(requestId);
  if (state === 'timeout') metrics.lenderTimeouts.inc({ lender: lenderId });
}

/**
 * Counts a message's delivery by its job's try: sent, or failed and `retried` while the queue tries again,
 * `failed` on its last try. The delivery's outcome is passed on.
 */
export async function countNotice<T>(
  owner: MetricsOwner,
  channel: 'email' | 'sms',
  job: { readonly retryCount: number },
  delivery: Promise<T>,
): Promise<T> {
  const lastTry = job.retryCount >= NOTICE_RETRY_LIMIT;
  const notices = metricsOf(owner)?.notices;
  try {
    const delivered = await delivery;
    notices?.inc({ channel, outcome: 'sent' });
    return delivered;
  } catch (error) {
    notices?.inc({ channel, outcome: lastTry ? 'failed' : 'retried' });
    throw error;
  }
}

/** A status stream opened: counted until its unsubscribe runs (once, however often it is called). */
export function countStream(owner: MetricsOwner, unsubscribe: () => void): () => void {
  const streams = metricsOf(owner)?.statusStreams;
  streams?.inc();
  let open = true;
  return () => {
    if (open) streams?.dec();
    open = false;
    unsubscribe();
  };
}

export const countFunnelEvent = (owner: MetricsOwner, kind: string): void =>
  void metricsOf(owner)?.funnelEvents.inc({ kind });
