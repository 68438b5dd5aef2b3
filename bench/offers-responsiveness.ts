/**
 * The offers screen's responsiveness on a slow phone: with 16 offers, a 375 × 812 viewport and the CPU slowed 4 times
 * (CDP Emulation.setCPUThrottlingRate), how long sorting and choosing take from the press to the next paint, as the
 * Event Timing API in the page reports them (the figure INP is made of: the worst interaction).
 *
 *   node bench/offers-responsiveness.ts                      build, then measure
 *   BENCH_SKIP_BUILD=1 node bench/offers-responsiveness.ts   measure the existing dist/client
 *
 * Knobs: BENCH_OFFERS_ROUNDS (default 5: each sort option pressed that many times, and as many choices),
 * BENCH_OFFERS_PORT (default: a port the OS picks).
 *
 * The broker (server/sandbox/main.ts) runs on the build with an embedded database in memory and lenders that answer
 * at once. A real application goes through the form and the sandbox bank at full speed; the sandbox lenders make 15
 * offers (no loan reaches all 16 of them, bench/offers/journey.ts), and a copy of one, under the 16th lender's
 * name, is added to the status the browser receives. Then the slowdown, and the interactions: every sort option in
 * turn, then Choose on several offers, the choice's request held until the press painted and then failed, so the
 * screen stays (a real answer would leave it for the lender's signing).
 *
 * Writes bench/results/offers-responsiveness.json and .md. A missed goal is reported, not fatal: the exit code is
 * non-zero only when the build, the server, Chromium or the journey fails.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { measuredCommit } from './commit.ts';
import { OFFERS_INP_GOAL_MS } from './goals.ts';
import { buildUnlessSkipped, ROOT, skipBuildFromEnv, withServer } from './bench-processes.ts';
import {
  DURATION_THRESHOLD_MS,
  measureChoosing,
  measureSorting,
  observeEventTiming,
  type Interaction,
  type InteractionKind,
} from './offers/interactions.ts';
import { LOAN, OFFERS, reachOffersScreen, type Journey } from './offers/journey.ts';
import { launchBrowser } from './widgets/browser.ts';

const RESULTS_DIR = join(ROOT, 'bench', 'results');

export const CPU_SLOWDOWN = 4;
const VIEWPORT = { width: 375, height: 812 };

export interface InteractionFigures {
  count: number;
  medianMs: number;
  maxMs: number;
  /** every interaction's duration in order, ms */
  samplesMs: number[];
  met: boolean;
}

export interface OffersResponsivenessResult {
  date: string;
  node: string;
  cpus: string;
  commit: string | null;
  loadAverageAtStart: number;
  cpuSlowdown: number;
  viewport: typeof VIEWPORT;
  loan: typeof LOAN;
  offers: { shown: number } & Journey;
  rounds: number;
  goalMs: number;
  durationThresholdMs: number;
  interactions: Record<InteractionKind, InteractionFigures>;
  details: Interaction[];
}

export interface OffersResponsivenessOptions {
  skipBuild: boolean;
  rounds: number;
  port: number | null;
}

export function offersResponsivenessOptionsFromEnv(): OffersResponsivenessOptions {
  const rounds = Number(process.env.BENCH_OFFERS_ROUNDS ?? 5);
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`BENCH_OFFERS_ROUNDS is not a positive integer`);
  const port = process.env.BENCH_OFFERS_PORT ? Number(process.env.BENCH_OFFERS_PORT) : null;
  if (port !== null && (!Number.isInteger(port) || port <= 0 || port > 65_535)) {
    throw new Error(`BENCH_OFFERS_PORT is not a port: ${process.env.BENCH_OFFERS_PORT}`);
  }
  return { skipBuild: skipBuildFromEnv(), rounds, port };
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

function figuresOf(details: readonly Interaction[], kind: InteractionKind): InteractionFigures {
  const samplesMs = details.filter((interaction) => interaction.kind === kind).map((entry) => entry.durationMs);
  const maxMs = Math.max(0, ...samplesMs);
  return { count: samplesMs.length, medianMs: median(samplesMs), maxMs, samplesMs, met: maxMs <= OFFERS_INP_GOAL_MS };
}

/** The journey at full speed, then the interactions slowed down; the browser's figures. */
async function measureInBrowser(origin: string, rounds: number) {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 2, isMobile: true });
    const page = await context.newPage();
    const journey = await reachOffersScreen(page, origin);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await observeEventTiming(page);
    const details = [...(await measureSorting(page, rounds)), ...(await measureChoosing(page, rounds))];
    return { journey, details };
  } finally {
    await browser.close();
  }
}

export async function measureOffersResponsiveness(
  options: OffersResponsivenessOptions,
): Promise<OffersResponsivenessResult> {
  await buildUnlessSkipped(options.skipBuild);
  const cpu = cpus();
  const date = new Date().toISOString();
  const loadAverageAtStart = Math.round((loadavg()[0] ?? 0) * 100) / 100;
  const env = { DATA_DIR: 'memory', SANDBOX_LENDER_DELAY_MS: '0' };
  const measuredFigures = await withServer({ port: options.port, env, upTimeoutMs: 90_000 }, (origin) =>
    measureInBrowser(origin, options.rounds),
  );
  const { journey, details } = measuredFigures;
  return {
    date,
    node: process.version,
    cpus: `${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}`,
    commit: measuredCommit(ROOT),
    loadAverageAtStart,
    cpuSlowdown: CPU_SLOWDOWN,
    viewport: VIEWPORT,
    loan: LOAN,
    offers: { shown: OFFERS, ...journey },
    rounds: options.rounds,
    goalMs: OFFERS_INP_GOAL_MS,
    durationThresholdMs: DURATION_THRESHOLD_MS,
    interactions: { sorting: figuresOf(details, 'sorting'), choosing: figuresOf(details, 'choosing') },
    details,
  };
}

const KINDS: readonly InteractionKind[] = ['sorting', 'choosing'];
const verdict = (met: boolean) => (met ? 'pass' : 'FAIL');

export function offersResponsivenessText(result: OffersResponsivenessResult): string {
  const rows = KINDS.map((kind) => {
    const figures = result.interactions[kind];
    return [kind, String(figures.count), `${figures.medianMs} ms`, `${figures.maxMs} ms`, verdict(figures.met)];
  });
  const headers = ['Interaction', 'Count', 'Median', 'Max (INP)', `≤ ${result.goalMs} ms`];
  const widths = headers.map((_, column) => Math.max(...[headers, ...rows].map((row) => (row[column] ?? '').length)));
  const line = (row: string[]) => row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ');
  return [
    `Offers screen, ${result.offers.shown} offers, ${result.cpuSlowdown}x CPU, ` +
      `${result.viewport.width} × ${result.viewport.height} (load average ${result.loadAverageAtStart})`,
    line(headers),
    ...rows.map(line),
  ].join('\n');
}

export function offersResponsivenessMarkdown(result: OffersResponsivenessResult): string {
  const line = (row: string[]) => `| ${row.join(' | ')} |`;
  const rows = KINDS.map((kind) => {
    const figures = result.interactions[kind];
    return line([
      kind,
      String(figures.count),
      `${figures.medianMs} ms`,
      `${figures.maxMs} ms`,
      `≤ ${result.goalMs} ms`,
      verdict(figures.met),
    ]);
  });
  return [
    `# Offers screen responsiveness, ${result.date.slice(0, 10)}`,
    '',
    `Node ${result.node}, ${result.cpus}, commit ${result.commit ?? 'unknown'}, load average at start ` +
      `${result.loadAverageAtStart}. Chromium headless, ${result.viewport.width} × ${result.viewport.height}, CPU ` +
      `slowed ${result.cpuSlowdown} times; ${result.offers.shown} offers (${result.offers.fromLenders} from the ` +
      `sandbox lenders for ${result.loan.amount} € over ${result.loan.term} months, ${result.offers.added} copied ` +
      `in the browser).`,
    '',
    line(['Interaction', 'Count', 'Median', 'Max (INP)', 'Goal', '']),
    line(['---', '---:', '---:', '---:', '---', '---']),
    ...rows,
    '',
    `Each figure is an interaction's longest event (Event Timing, from the input to the next paint); one below ` +
      `${result.durationThresholdMs} ms is counted as ${result.durationThresholdMs} ms. Sorting: each of the ` +
      `three orders ${result.rounds} times; choosing: ${result.rounds} offers, the request held until the press ` +
      `painted, then failed so the screen stays.`,
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  const result = await measureOffersResponsiveness(offersResponsivenessOptionsFromEnv());
  await mkdir(RESULTS_DIR, { recursive: true });
  await writeFile(join(RESULTS_DIR, 'offers-responsiveness.json'), `${JSON.stringify(result, null, 2)}\n`);
  await writeFile(join(RESULTS_DIR, 'offers-responsiveness.md'), offersResponsivenessMarkdown(result));
  console.log(`\n${offersResponsivenessText(result)}\n\nWritten: ${RESULTS_DIR}/offers-responsiveness.{json,md}`);
}

if (import.meta.main) {
  try {
    await main();
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  }
}
