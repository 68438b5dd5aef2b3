import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The series of issue 35, in a registry of one broker's own: tests run several brokers in one process, and
 * prom-client's global registry would have them count into each other. Labels name routes, states, lenders
 * (their configured ids), queues and channels: never an application, a token or a person.
 */
export interface BrokerMetrics {
  readonly registry: Registry;
  readonly httpDuration: Histogram<'route' | 'method' | 'status_code'>;
  readonly stateChanges: Counter<'state'>;
  readonly lenderSendDuration: Histogram<'lender'>;
  readonly lenderAnswerDuration: Histogram<'lender'>;
  readonly lenderAnswers: Counter<'lender' | 'kind'>;
  readonly lenderTimeouts: Counter<'lender'>;
  readonly lenderErrors: Counter<'lender'>;
  readonly notices: Counter<'channel' | 'outcome'>;
  readonly statusStreams: Gauge;
  readonly funnelEvents: Counter<'kind'>;
  /** lender request id → when its send started (performance.now()), for the answer's duration */
  readonly sentAt: Map<string, number>;
}

/** A lender answers within seconds to an hour (LENDER_ANSWER_TIMEOUT_SECONDS): buckets up to two hours. */
const ANSWER_BUCKETS = [0.1, 0.5, 1, 2, 5, 10, 30, 60, 120, 300, 600, 1800, 3600, 7200];

export function createBrokerMetrics(): BrokerMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    httpDuration: new Histogram({
      name: 'kk_http_request_duration_seconds',
      help: 'HTTP requests by route template, method and status code',
      labelNames: ['route', 'method', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    stateChanges: new Counter({
      name: 'kk_application_state_changes_total',
      help: "Writes of an application's state, by the state entered (erased: deleted)",
      labelNames: ['state'],
      registers,
    }),
    lenderSendDuration: new Histogram({
      name: 'kk_lender_send_duration_seconds',
      help: 'The HTTP send of an application to a lender',
      labelNames: ['lender'],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30],
      registers,
    }),
    lenderAnswerDuration: new Histogram({
      name: 'kk_lender_answer_duration_seconds',
      help: "From the send to the lender's offer or decline, for sends this process made",
      labelNames: ['lender'],
      buckets: ANSWER_BUCKETS,
      registers,
    }),
    lenderAnswers: new Counter({
      name: 'kk_lender_answers_total',
      help: "Lenders' answers taken, by kind",
      labelNames: ['lender', 'kind'],
      registers,
    }),
    lenderTimeouts: new Counter({
      name: 'kk_lender_timeouts_total',
      help: 'Lender requests ended without an answer in time',
      labelNames: ['lender'],
      registers,
    }),
    lenderErrors: new Counter({
      name: 'kk_lender_errors_total',
      help: 'Failed sends to a lender (retried or not)',
      labelNames: ['lender'],
      registers,
    }),
    notices: new Counter({
      name: 'kk_notices_total',
      help: 'Messages to people by channel: sent, failed for good, or failed and retried later',
      labelNames: ['channel', 'outcome'],
      registers,
    }),
    statusStreams: new Gauge({ name: 'kk_status_stream_clients', help: 'Open status streams', registers }),
    funnelEvents: new Counter({
      name: 'kk_funnel_events_total',
      help: 'Funnel events the site reported',
      labelNames: ['kind'],
      registers,
    }),
    sentAt: new Map(),
  };
}
