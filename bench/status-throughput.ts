/**
 * Status throughput: requests per second of GET /api/getApplicationStatus against a bare Fastify route, in one run.
 *
 *   node bench/status-throughput.ts
 *   BENCH_CONNECTIONS=50 BENCH_DURATION_SECONDS=10 BENCH_WARMUP_SECONDS=2 node bench/status-throughput.ts
 *
 * In this process: the real broker (PGlite in memory, logger off, rate limits scaled by 1 000 000, the sandbox
 * mounted, workers running) and, beside it, a bare Fastify instance (logger off) whose GET /bare answers a small
 * constant text. Both serve throughout, so both measurements see the same process: the same node, the same flags,
 * the same background work (the job queue's polling). The measured time is cut into rounds that take turns (bare,
 * status, bare, status...) and the ratio is the median of the rounds' ratios: on this shared 2-core machine another
 * helper's test run comes and goes within seconds, and back-to-back 10 s runs let it fall on one route only. The status request is for a real application that went
 * through bank identification and has every lender's answer, so its body is the realistic one (the 9 lenders that serve its loan, 8
 * offers with the standard fixture).
 *
 * The load comes from autocannon's command line in a child process, not from a worker thread: on this 2-core machine
 * the OS then runs the load generator on the other core, and nothing of it is in the server's process — no shared
 * event loop, heap, garbage collector, libuv thread pool or V8 platform threads — so the server's process is as in
 * production and `node --cpu-prof bench/status-throughput.ts` profiles the server alone. The same connections,
 * duration and warm-up for both routes: a warm-up run (discarded), then the measured run; bare first, then status.
 *
 * Every request carries the Accept-Encoding Chromium sends over HTTPS, as the wizard's polls do: the status goes
 * compressed, the bare route's two letters as they are.
 *
 * Prints and returns { bareRps, statusRps, ratio }; the target is ratio >= 0.7.
 */
import { spawn } from 'node:child_process';
import { get } from 'node:http';
import { createRequire } from 'node:module';
import type { Result } from 'autocannon';
import Fastify from 'fastify';
import type { ApplicationStatus } from '../domain/api.ts';
import { askedLenders, startBenchBroker } from './bench-broker.ts';
import { allLendersAnswered, runApplication } from './offer-latency/run-application.ts';

/** The goal: the status endpoint serves at least 0.7 times bare Fastify's throughput in the same run. */
export const TARGET_RATIO = 0.7;

/** What a browser's fetch sends over HTTPS */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

export interface LoadOptions {
  readonly connections: number;
  readonly durationSeconds: number;
  readonly warmupSeconds: number;
  /** the measured seconds of each route are split into this many alternating rounds */
  readonly rounds: number;
}

export interface StatusThroughputResult {
  bareRps: number;
  statusRps: number;
  ratio: number;
  /** how it was measured, and latencies for context */
  details: {
    load: LoadOptions;
    statusBodyBytes: number;
    /** the status body's bytes as sent to a browser, and their encoding */
    statusWire: { bytes: number; encoding: string };
    lenders: number;
    offers: number;
    bare: RouteFigures;
    status: RouteFigures;
    /** each round's status / bare, in order; `ratio` is their median */
    roundRatios: number[];
    /** bare CPU per request / status CPU per request: the ratio the req/s would have on an otherwise idle machine */
    cpuRatio: number;
    targetRatio: number;
    met: boolean;
  };
}

interface RouteFigures {
  requests: number;
  /** autocannon's mean of per-second samples */
  rps: number;
  latencyMs: { p50: number; p99: number; max: number };
  /**
   * CPU time of this (the server's) process per request during the measured run, user + system, in microseconds.
   * Steadier than req/s when something else shares the machine: the server is single-threaded and saturated, so
   * req/s is about 1 / this when the cores are free.
   */
  cpuUsPerRequest: number;
}

const AUTOCANNON_CLI = createRequire(import.meta.url).resolve('autocannon');

/** One autocannon run in its own process; throws on any error or non-2xx answer, which would make the figure void. */
function autocannon(url: string, connections: number, durationSeconds: number): Promise<Result> {
  return new Promise((resolve, reject) => {
    const args = [
      '--json',
      '--no-progress',
      '--connections',
      String(connections),
      '--duration',
      String(durationSeconds),
      '--headers',
      `accept-encoding=${BROWSER_ACCEPT_ENCODING}`,
    ];
    const child = spawn(process.execPath, [AUTOCANNON_CLI, ...args, url], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}`));
      try {
        const result = JSON.parse(output) as Result;
        if (result.errors > 0 || result.timeouts > 0 || result.non2xx > 0) {
          reject(new Error(`${url}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx`));
        } else resolve(result);
      } catch (error) {
        reject(new Error(`autocannon printed no JSON result: ${String(error)}`));
      }
    });
  });
}

/** The size and encoding of the answer a browser's request gets (fetch would decode it). */
function bytesOnTheWire(url: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve({ bytes, encoding: response.headers['content-encoding'] ?? 'identity' }));
    }).once('error', reject);
  });
}

async function measureRun(url: string, connections: number, durationSeconds: number): Promise<RouteFigures> {
  const before = process.cpuUsage();
  const result = await autocannon(url, connections, durationSeconds);
  const cpu = process.cpuUsage(before);
  return {
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    cpuUsPerRequest: Math.round(((cpu.user + cpu.system) / result.requests.total) * 10) / 10,
  };
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** A route's rounds as one figure: the median round's rate, all requests and CPU, the worst latencies. */
function combine(runs: readonly RouteFigures[]): RouteFigures {
  const requests = runs.reduce((sum, run) => sum + run.requests, 0);
  const cpu = runs.reduce((sum, run) => sum + run.cpuUsPerRequest * run.requests, 0);
  return {
    requests,
    rps: Math.round(median(runs.map((run) => run.rps))),
    latencyMs: {
      p50: median(runs.map((run) => run.latencyMs.p50)),
      p99: Math.max(...runs.map((run) => run.latencyMs.p99)),
      max: Math.max(...runs.map((run) => run.latencyMs.max)),
    },
    cpuUsPerRequest: Math.round((cpu / requests) * 10) / 10,
  };
}

export async function measureStatusThroughput(options: Partial<LoadOptions> = {}): Promise<StatusThroughputResult> {
  const load: LoadOptions = {
    connections: options.connections ?? 50,
    // 4 s rounds: each round is a fresh autocannon process with fresh connections, whose first few hundred
    // milliseconds (a cold client) weighed on 2 s rounds; on this machine their ratios ranged 0.3 to 1.0
    durationSeconds: options.durationSeconds ?? 28,
    warmupSeconds: options.warmupSeconds ?? 2,
    rounds: options.rounds ?? 7,
  };
  const bareApp = Fastify({ logger: false });
  bareApp.get('/bare', async () => 'ok');
  const broker = await startBenchBroker();
  try {
    const bareUrl = `${await bareApp.listen({ port: 0, host: '127.0.0.1' })}/bare`;
    const lenders = askedLenders(broker);
    const { token } = await runApplication(broker.url, lenders);
    const statusUrl = `${broker.url}/api/getApplicationStatus?token=${token}`;

    const check = await fetch(statusUrl);
    const body = await check.text();
    const status = JSON.parse(body) as ApplicationStatus;
    if (check.status !== 200 || !allLendersAnswered(lenders)(status) || status.offers.length === 0) {
      throw new Error(`the status is not the realistic one: HTTP ${check.status}, ${body.slice(0, 300)}`);
    }

    if (load.warmupSeconds > 0) {
      await autocannon(bareUrl, load.connections, load.warmupSeconds);
      await autocannon(statusUrl, load.connections, load.warmupSeconds);
    }
    const bareRuns: RouteFigures[] = [];
    const statusRuns: RouteFigures[] = [];
    const roundSeconds = Math.max(1, Math.round(load.durationSeconds / load.rounds));
    for (let round = 0; round < load.rounds; round++) {
      bareRuns.push(await measureRun(bareUrl, load.connections, roundSeconds));
      statusRuns.push(await measureRun(statusUrl, load.connections, roundSeconds));
    }
    const roundRatios = bareRuns.map(
      (bareRun, round) => Math.round(((statusRuns[round]?.rps ?? 0) / bareRun.rps) * 1000) / 1000,
    );
    const bare = combine(bareRuns);
    const statusFigures = combine(statusRuns);
    const ratio = median(roundRatios);
    return {
      bareRps: bare.rps,
      statusRps: statusFigures.rps,
      ratio,
      details: {
        load,
        statusBodyBytes: Buffer.byteLength(body),
        statusWire: await bytesOnTheWire(statusUrl),
        lenders: status.lenders.length,
        offers: status.offers.length,
        bare,
        status: statusFigures,
        roundRatios,
        cpuRatio: Math.round((bare.cpuUsPerRequest / statusFigures.cpuUsPerRequest) * 1000) / 1000,
        targetRatio: TARGET_RATIO,
        met: ratio >= TARGET_RATIO,
      },
    };
  } finally {
    await bareApp.close();
    await broker.close();
  }
}

export function describeStatusThroughput(result: StatusThroughputResult): string {
  const { details: d } = result;
  const latency = (f: RouteFigures) =>
    `p50 ${f.latencyMs.p50} ms, p99 ${f.latencyMs.p99} ms, server CPU ${f.cpuUsPerRequest} µs/request`;
  return [
    `Status throughput (${d.load.connections} connections, ${d.load.durationSeconds} s per route in ${d.load.rounds} ` +
      `alternating rounds, after a ${d.load.warmupSeconds} s warm-up):`,
    `  bare Fastify route:     ${result.bareRps} req/s (${latency(d.bare)})`,
    `  getApplicationStatus:   ${result.statusRps} req/s (${latency(d.status)}; body ${d.statusBodyBytes} bytes,` +
      ` ${d.statusWire.bytes} as ${d.statusWire.encoding}, ${d.lenders} lenders, ${d.offers} offers)`,
    `  ratio ${result.ratio}, the median of the rounds' ${d.roundRatios.join(', ')} (target >= ${d.targetRatio}: ` +
      `${d.met ? 'met' : 'MISSED'}); by CPU per request ${d.cpuRatio}`,
  ].join('\n');
}

/** BENCH_CONNECTIONS, BENCH_DURATION_SECONDS, BENCH_WARMUP_SECONDS, BENCH_ROUNDS */
export function statusThroughputOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): Partial<LoadOptions> {
  const number = (name: string) => (env[name] ? Number(env[name]) : undefined);
  return {
    connections: number('BENCH_CONNECTIONS'),
    durationSeconds: number('BENCH_DURATION_SECONDS'),
    warmupSeconds: number('BENCH_WARMUP_SECONDS'),
    rounds: number('BENCH_ROUNDS'),
  };
}

if (import.meta.main) {
  try {
    const result = await measureStatusThroughput(statusThroughputOptionsFromEnv());
    console.log(JSON.stringify({ bareRps: result.bareRps, statusRps: result.statusRps, ratio: result.ratio }));
    console.log(describeStatusThroughput(result));
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  }
}
