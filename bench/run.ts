/**
 * All benchmarks, one after the other:
 *
 *   npm run bench          Lighthouse (bench/lighthouse.ts, in a process of its own, writing its own results as
 *                          before), the widgets (bench/widgets.ts, likewise, on the build Lighthouse made), the offers
 *                          screen on a slow phone (bench/offers-responsiveness.ts, likewise), then the server benches
 *   npm run bench:server   the server benches only: bench/status-throughput.ts, then bench/offer-latency.ts
 *
 * Last, every speed goal on a line of its own (figure, goal, pass or fail; bench/goals.ts), printed and
 * written to bench/results/goals.md; with --server-only, the figures of the browser benches are not measured.
 *
 * The server benches write bench/results/server.json and bench/results/server.md. Their knobs are those of each
 * bench (BENCH_CONNECTIONS, BENCH_DURATION_SECONDS, BENCH_WARMUP_SECONDS, BENCH_ROUNDS, BENCH_APPLICATIONS, BENCH_VERBOSE,
 * BENCH_SERVER_EXEC_ARGV; BENCH_SKIP_BUILD for Lighthouse and the widgets; BENCH_WIDGET_RUNS, BENCH_PRODUCT_PORT,
 * BENCH_PUBLISHER_PORT for the widgets; BENCH_OFFERS_ROUNDS, BENCH_OFFERS_PORT for the offers screen). Missed
 * targets are reported, not fatal: the exit code is non-zero only when a bench itself fails.
 *
 * The figures are only as quiet as the machine: the load average at the start is recorded beside them, since another
 * test run on the same two cores lowers the throughput figures by tens of percent.
 */
import { spawn } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { measuredCommit } from './commit.ts';
import {
  goalsMarkdown,
  goalsText,
  offersResponsivenessGoals,
  speedGoals,
  type LighthouseJson,
  type OffersResponsivenessJson,
  type WidgetsJson,
} from './goals.ts';
import { describeOfferLatency, offerLatencyOptionsFromEnv } from './offer-latency.ts';
import { measureOfferLatency, type OfferLatencyResult } from './offer-latency/measure-offer-latency.ts';
import {
  describeStatusThroughput,
  measureStatusThroughput,
  statusThroughputOptionsFromEnv,
  type StatusThroughputResult,
} from './status-throughput.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RESULTS_DIR = join(ROOT, 'bench', 'results');

/** A bench that drives Chromium, in a process of its own; `env` adds to this one's environment. */
function runInChild(script: string, env: Record<string, string> = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${script} failed (${signal ?? code})`)),
    );
  });
}

const commit = () => measuredCommit(ROOT);

interface ServerResults {
  date: string;
  node: string;
  cpus: string;
  commit: string | null;
  loadAverageAtStart: number;
  statusThroughput: StatusThroughputResult | { error: string };
  offerLatency: OfferLatencyResult | { error: string };
}

async function attempt<T>(name: string, run: () => Promise<T>): Promise<T | { error: string }> {
  try {
    return await run();
  } catch (error) {
    console.error(`${name} failed:`, error);
    process.exitCode = 1;
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

const MET = '✓';
const MISSED = '✗';
const mark = (met: boolean) => (met ? MET : MISSED);
const ms = (value: number) => `${value} ms`;
const thousands = (value: number) => value.toLocaleString('en-US');

function markdown(results: ServerResults): string {
  const rows: string[][] = [];
  const notes: string[] = [];
  const { statusThroughput: t, offerLatency: l } = results;
  if ('error' in t) rows.push(['Status throughput', `failed: ${t.error}`, '', '']);
  else {
    rows.push(['Bare Fastify route (`GET /bare`)', `${thousands(t.bareRps)} req/s`, '', '']);
    rows.push(['`GET /api/getApplicationStatus`', `${thousands(t.statusRps)} req/s`, '', '']);
    rows.push(['Status / bare', String(t.ratio), `≥ ${t.details.targetRatio}`, mark(t.details.met)]);
    rows.push([
      'Server CPU per request, bare / status',
      `${t.details.bare.cpuUsPerRequest} / ${t.details.status.cpuUsPerRequest} µs (ratio ${t.details.cpuRatio})`,
      '',
      '',
    ]);
    const { load } = t.details;
    notes.push(
      `Throughput: autocannon in a child process, ${load.connections} connections, ${load.durationSeconds} s after a ` +
        `${load.warmupSeconds} s warm-up, per route, in ${load.rounds} alternating rounds (the ratio is the median of ` +
        `the rounds' ${t.details.roundRatios.join(', ')}), each request with a browser's Accept-Encoding; status body ` +
        `${thousands(t.details.statusBodyBytes)} bytes, ${thousands(t.details.statusWire.bytes)} as ` +
        `${t.details.statusWire.encoding} (${t.details.lenders} lenders, ${t.details.offers} offers); p50/p99 latency bare ` +
        `${t.details.bare.latencyMs.p50}/${t.details.bare.latencyMs.p99} ms, status ` +
        `${t.details.status.latencyMs.p50}/${t.details.status.latencyMs.p99} ms.`,
    );
  }
  if ('error' in l) rows.push(['Offer latency', `failed: ${l.error}`, '', '']);
  else {
    const first = l.targets.firstOfferMs;
    const last = l.targets.lastAnswerMs;
    rows.push(['First offer, median', ms(l.firstOfferMs.median), `< ${first} ms`, mark(l.firstOfferMs.median < first)]);
    rows.push(['First offer, max', ms(l.firstOfferMs.max), `< ${first} ms`, mark(l.firstOfferMs.max < first)]);
    rows.push([
      'Last lender answer, median',
      ms(l.lastAnswerMs.median),
      `< ${last} ms`,
      mark(l.lastAnswerMs.median < last),
    ]);
    rows.push(['Last lender answer, max', ms(l.lastAnswerMs.max), `< ${last} ms`, mark(l.lastAnswerMs.max < last)]);
    notes.push(
      `Latency: ${l.applications} applications in sequence after 1 unmeasured, ${l.lenders} sandbox lenders answering ` +
        `without delay, from the bank return's answer to the server-sent status event; ` +
        `${l.withoutOffer} without any offer. Medians of the steps: first lender request sent ` +
        `${ms(l.medians.firstSentMs)}, all sent ${ms(l.medians.allSentMs)}, first answer ${ms(l.medians.firstAnswerMs)}.`,
    );
  }
  const line = (row: string[]) => `| ${row.join(' | ')} |`;
  return [
    `# Server benchmarks, ${results.date.slice(0, 10)}`,
    '',
    `Node ${results.node}, ${results.cpus}, commit ${results.commit ?? 'unknown'}, ` +
      `load average at start ${results.loadAverageAtStart}.`,
    '',
    line(['Figure', 'Measured', 'Target', '']),
    line(['---', '---:', '---', '---']),
    ...rows.map(line),
    '',
    ...notes.flatMap((note) => [note, '']),
  ].join('\n');
}

/** The offers screen's bench, on the build Lighthouse made if it made one; whether it ran. */
async function runOffersResponsiveness(built: boolean): Promise<boolean> {
  try {
    await runInChild('bench/offers-responsiveness.ts', built ? { BENCH_SKIP_BUILD: '1' } : {});
    return true;
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
    return false;
  }
}

/** A results file the bench of this run has just written; null if it did not run or failed. */
async function resultsOf<T>(ran: boolean, file: string): Promise<T | null> {
  if (!ran) return null;
  try {
    return JSON.parse(await readFile(join(RESULTS_DIR, file), 'utf8')) as T;
  } catch {
    return null;
  }
}

async function main(): Promise<void> {
  let built = false;
  let widgetsRan = false;
  let offersRan = false;
  if (!process.argv.includes('--server-only')) {
    try {
      await runInChild('bench/lighthouse.ts');
      built = true;
    } catch (error) {
      console.error(error);
      process.exitCode = 1;
    }
    // Lighthouse has just built the site; if it failed, perhaps in the build, the widgets build for themselves.
    try {
      await runInChild('bench/widgets.ts', built ? { BENCH_SKIP_BUILD: '1' } : {});
      widgetsRan = true;
    } catch (error) {
      console.error(error);
      process.exitCode = 1;
    }
    offersRan = await runOffersResponsiveness(built);
    // Chromium's processes take a moment to go; the throughput figures would pay for them
    await sleep(5_000);
  }

  const cpu = cpus();
  const date = new Date().toISOString();
  const measured = commit();
  const loadAverageAtStart = Math.round((loadavg()[0] ?? 0) * 100) / 100;
  console.log('\nStatus throughput ...');
  const statusThroughput = await attempt('status throughput', () =>
    measureStatusThroughput(statusThroughputOptionsFromEnv()),
  );
  if (!('error' in statusThroughput)) console.log(describeStatusThroughput(statusThroughput));
  console.log('\nOffer latency ...');
  const offerLatency = await attempt('offer latency', () => measureOfferLatency(offerLatencyOptionsFromEnv()));
  if (!('error' in offerLatency)) console.log(describeOfferLatency(offerLatency));

  const results: ServerResults = {
    date,
    node: process.version,
    cpus: `${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}`,
    commit: measured,
    loadAverageAtStart,
    statusThroughput,
    offerLatency,
  };
  await mkdir(RESULTS_DIR, { recursive: true });
  await writeFile(join(RESULTS_DIR, 'server.json'), `${JSON.stringify(results, null, 2)}\n`);
  await writeFile(join(RESULTS_DIR, 'server.md'), markdown(results));
  console.log(`\nWritten: ${RESULTS_DIR}/server.{json,md}`);

  const goals = [
    ...speedGoals(
      await resultsOf<LighthouseJson>(built, 'lighthouse.json'),
      await resultsOf<WidgetsJson>(widgetsRan, 'widgets.json'),
      'error' in statusThroughput ? null : statusThroughput,
    ),
    ...offersResponsivenessGoals(await resultsOf<OffersResponsivenessJson>(offersRan, 'offers-responsiveness.json')),
  ];
  await writeFile(join(RESULTS_DIR, 'goals.md'), goalsMarkdown(goals, date, measured));
  console.log(`\n${goalsText(goals)}\n\nWritten: ${RESULTS_DIR}/goals.md`);
}

await main();
