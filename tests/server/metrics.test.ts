import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { pathOf } from '../../domain/contract/define-endpoint.ts';
import { followApplicationStatus } from '../../domain/contract/status.ts';
import * as reports from '../../domain/contract/staff-reports.ts';
import { loadConfig } from '../../server/config/config.ts';
import type { Database } from '../../server/db/database.ts';
import { registerMetrics } from '../../server/ops/metrics/register-metrics.ts';
import { validApplication } from '../fixtures/application.ts';
import { startBroker, type RunningBroker, type Storage } from '../support/broker.ts';
import { allLendersAnswered, identifyByBank, submit, waitForStatus } from '../support/flow.ts';

/**
 * The Prometheus metrics of issue 35: GET /metrics behind METRICS_TOKEN, and after one application's journey
 * (submitted, identified by bank, answered by the sandbox lenders) every series with plausible values and no
 * trace of the person or the token.
 */

const TOKEN = 'metrics-test-token-0123456789';

/** The value of the series `name` whose labels include `labels`, summed over the other labels; 0 when absent. */
function sampleOf(text: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  let found = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const labelText = match[2] ?? '';
    if (!Object.entries(labels).every(([key, value]) => labelText.includes(`${key}="${value}"`))) continue;
    sum += Number(match[3]);
    found = true;
  }
  return found ? sum : Number.NaN;
}

describe('the metrics route without METRICS_TOKEN', () => {
  // the route alone, on a bare Fastify: a broker's start is what the journeys below need, not this
  it('is not there: 404, with a token or without', async () => {
    const app = Fastify();
    const db = { query: async () => ({ rows: [] }) } as unknown as Database;
    registerMetrics(app, { db, config: { ...loadConfig({ DATA_DIR: 'memory' }), metricsToken: null } });
    expect((await app.inject({ url: '/metrics' })).statusCode).toBe(404);
    const withToken = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(withToken.statusCode).toBe(404);
    await app.close();
  });
});

describe.each<Storage>(['pglite', 'postgres'])('the metrics (%s)', (storage) => {
  let running: RunningBroker;
  let token: string;
  let lenderIds: string[];

  const scrape = async (): Promise<string> => {
    const response = await fetch(`${running.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    return response.text();
  };
  /** Scrapes until `done` holds (work after the answers, such as the notices, runs in jobs). */
  const scrapeUntil = async (done: (text: string) => boolean, timeoutMs = 10_000): Promise<string> => {
    const deadline = Date.now() + timeoutMs;
    let text = await scrape();
    while (!done(text) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      text = await scrape();
    }
    return text;
  };

  beforeAll(async () => {
    running = await startBroker({ storage, postgresUrl: inject('postgresUrl'), env: { METRICS_TOKEN: TOKEN } });
    const funnel = await fetch(`${running.url}${pathOf(reports.recordFunnelEvent)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'calculator', product: 'consumer' }),
    });
    expect(funnel.status).toBe(204);
    token = await submit(running.url);
    expect(await identifyByBank(running.url, token, 'approve')).toBe('/applicantWorkflow/confirmingIdentity');
    const answered = await waitForStatus(running.url, token, allLendersAnswered);
    // the lenders the application went to: those whose loans it fits
    lenderIds = answered.lenders.map((lender) => lender.lenderId);
  }, 60_000);
  afterAll(async () => running.close());

  it('answers 401 without the bearer token or with a wrong one, 200 with the exposition with the right one', async () => {
    const url = `${running.url}/metrics`;
    expect((await fetch(url)).status).toBe(401);
    expect((await fetch(url, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    expect((await fetch(url, { headers: { authorization: TOKEN } })).status).toBe(401);
    const response = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await response.text()).toMatch(/^# HELP /m);
    // scrapes are not worth an info line each
    expect(running.logs.filter((line) => line.includes('"/metrics"') && line.includes('"level":30'))).toEqual([]);
  });

  it("counts the application's states, the lenders' sends and answers, the requests and the funnel", async () => {
    const text = await scrapeUntil((t) => sampleOf(t, 'kk_notices_total', { outcome: 'sent' }) >= 1);
    const state = (name: string) => sampleOf(text, 'kk_application_state_changes_total', { state: name }) || 0;
    expect(state('draft')).toBe(1);
    expect(state('identifying')).toBe(1);
    expect(state('processing')).toBe(1);
    expect(state('offers') + state('noOffers')).toBe(1);

    expect(lenderIds.length).toBeGreaterThan(0);
    for (const lender of lenderIds) {
      expect(sampleOf(text, 'kk_lender_send_duration_seconds_count', { lender }), lender).toBe(1);
      expect(sampleOf(text, 'kk_lender_answers_total', { lender }), lender).toBeGreaterThanOrEqual(1);
    }
    const answers = sampleOf(text, 'kk_lender_answers_total');
    const offersAndDeclines =
      (sampleOf(text, 'kk_lender_answers_total', { kind: 'offer' }) || 0) +
      (sampleOf(text, 'kk_lender_answers_total', { kind: 'declined' }) || 0);
    expect(offersAndDeclines).toBeGreaterThanOrEqual(1);
    expect(answers).toBeGreaterThanOrEqual(offersAndDeclines);
    expect(sampleOf(text, 'kk_lender_answer_duration_seconds_count')).toBeGreaterThanOrEqual(1);
    expect(sampleOf(text, 'kk_lender_answer_duration_seconds_sum')).toBeGreaterThan(0);

    expect(
      sampleOf(text, 'kk_http_request_duration_seconds_count', {
        route: '/api/applications',
        method: 'POST',
        status_code: '201',
      }),
    ).toBe(1);
    expect(
      sampleOf(text, 'kk_http_request_duration_seconds_count', { route: '/api/getApplicationStatus', method: 'GET' }),
    ).toBeGreaterThanOrEqual(1);
    expect(sampleOf(text, 'kk_funnel_events_total', { kind: 'calculator' })).toBe(1);
    expect(sampleOf(text, 'kk_notices_total', { channel: 'email', outcome: 'sent' })).toBeGreaterThanOrEqual(1);
  });

  it('reads the queues, the pool and the process at scrape time', async () => {
    await fetch(`${running.url}/no/such/route/${token}`);
    const text = await scrape();
    for (const queue of ['lender-send', 'notice-send', 'sweep']) {
      expect(sampleOf(text, 'kk_queue_jobs', { queue, state: 'queued' }), queue).toBeGreaterThanOrEqual(0);
      expect(sampleOf(text, 'kk_queue_jobs', { queue, state: 'active' }), queue).toBeGreaterThanOrEqual(0);
      expect(sampleOf(text, 'kk_queue_oldest_job_age_seconds', { queue }), queue).toBeGreaterThanOrEqual(0);
    }
    expect(sampleOf(text, 'kk_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    expect(sampleOf(text, 'kk_db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(0);
    expect(sampleOf(text, 'kk_db_pool_connections', { state: 'waiting' })).toBeGreaterThanOrEqual(0);
    expect(sampleOf(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sampleOf(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sampleOf(text, 'kk_http_request_duration_seconds_count', { route: 'unmatched' })).toBeGreaterThanOrEqual(1);
  });

  it('counts the open status streams', async () => {
    const opened = new AbortController();
    const stream = await fetch(`${running.url}${pathOf(followApplicationStatus)}?token=${token}`, {
      signal: opened.signal,
    });
    expect(stream.status).toBe(200);
    expect(sampleOf(await scrape(), 'kk_status_stream_clients')).toBe(1);
    opened.abort();
    expect(
      sampleOf(await scrapeUntil((t) => sampleOf(t, 'kk_status_stream_clients') === 0), 'kk_status_stream_clients'),
    ).toBe(0);
  });

  it("names no person, token or address in any series: the application's token, personal code, e-mail, phone", async () => {
    const text = await scrape();
    const digits = validApplication.personalId.replace('-', '');
    for (const secret of [
      token,
      encodeURIComponent(token),
      validApplication.personalId,
      digits,
      validApplication.email,
      validApplication.phoneNumber,
      validApplication.phoneNumber.replace('+', ''),
      TOKEN,
    ]) {
      expect(text.includes(secret), secret).toBe(false);
    }
  });
});
