/**
 * Lighthouse benchmark of the prerendered site: builds, serves dist/client with the real server and audits a few
 * representative pages in Lighthouse's default mobile form (emulated phone, simulated slow 4G and CPU). Each page is
 * audited BENCH_LIGHTHOUSE_RUNS times (default 3), the pages taking turns, and each figure is the median of its runs:
 * the machine is shared (2 cores), and one audit's LCP moves by hundreds of milliseconds with the load.
 * bench/widgets.ts reuses its Lighthouse settings; both start the server and Chromium with bench/bench-processes.ts.
 *
 *   npm run bench                      build, then audit
 *   BENCH_SKIP_BUILD=1 npm run bench   audit the existing dist/client
 *   BENCH_LIGHTHOUSE_PAGES=home,home-ru only those pages (by name, see PAGES)
 *
 * Writes bench/results/lighthouse.json and bench/results/lighthouse.md. Missed targets are reported, not fatal: the
 * exit code is non-zero only when the build, the server or Lighthouse itself fails.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import type { Flags, Result } from 'lighthouse';
import { buildUnlessSkipped, HOST, launchChrome, ROOT, skipBuildFromEnv, withServer } from './bench-processes.ts';

const RESULTS_DIR = join(ROOT, 'bench', 'results');

const PAGES = [
  { name: 'home', path: '/' },
  { name: 'product', path: '/paterina-kredits' },
  { name: 'faq', path: '/buj' },
  { name: 'wizard', path: '/applicantWorkflow/enteringEssence' },
  { name: 'home-ru', path: '/ru' },
  { name: 'wizard-ru', path: '/ru/applicantWorkflow/enteringEssence' },
] as const;

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type CategoryId = (typeof CATEGORIES)[number];

const TARGETS: Record<CategoryId, number> = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 100 };

interface Metrics {
  fcpMs: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  scriptTransferBytes: number | null;
}

interface FailingAudit {
  id: string;
  title: string;
  score: number;
  displayValue?: string;
}

interface RunResult {
  scores: Record<CategoryId, number | null>;
  metrics: Metrics;
  /**
   * Lighthouse's own measure of the machine's CPU during the audit (higher is faster): the simulation multiplies the
   * page's main-thread work by 4 whatever the machine, so a slower machine shows a higher TBT for the same page.
   */
  benchmarkIndex: number | null;
}

interface PageResult extends RunResult {
  name: string;
  path: string;
  url: string;
  /** every audit of the page; `scores` and `metrics` are the median of each figure over them */
  runs: RunResult[];
  /** only for categories below target */
  failingAudits: Partial<Record<CategoryId, FailingAudit[]>>;
  /** anything the page loaded from outside the local server; should stay empty */
  offHostRequests: string[];
}

// ---------------------------------------------------------------------------------------------------------------
// Lighthouse

export async function auditPage(
  url: string,
  chromePort: number,
  categories: readonly string[] = CATEGORIES,
): Promise<Result> {
  // Spelled out although they are the defaults, so a Lighthouse upgrade cannot silently change what is measured.
  const flags: Flags = {
    port: chromePort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...categories],
    formFactor: 'mobile',
    throttlingMethod: 'simulate',
  };
  const result = await lighthouse(url, flags);
  if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  return lhr;
}

export function toScore(score: number | null | undefined): number | null {
  return score === null || score === undefined ? null : Math.round(score * 100);
}

/** Rounded because sub-millisecond digits are simulation noise and only clutter diffs of the JSON. */
export function numericValue(lhr: Result, auditId: string, decimals = 0): number | null {
  const value = lhr.audits[auditId]?.numericValue;
  return value === undefined ? null : Number(value.toFixed(decimals));
}

export function tableItems(lhr: Result, auditId: string): Record<string, unknown>[] {
  const details = lhr.audits[auditId]?.details;
  return details?.type === 'table' ? (details.items as Record<string, unknown>[]) : [];
}

function scriptTransferBytes(lhr: Result): number | null {
  const scripts = tableItems(lhr, 'resource-summary').find((item) => item.resourceType === 'script');
  return typeof scripts?.transferSize === 'number' ? scripts.transferSize : null;
}

function extractMetrics(lhr: Result): Metrics {
  return {
    fcpMs: numericValue(lhr, 'first-contentful-paint'),
    lcpMs: numericValue(lhr, 'largest-contentful-paint'),
    tbtMs: numericValue(lhr, 'total-blocking-time'),
    cls: numericValue(lhr, 'cumulative-layout-shift', 4),
    scriptTransferBytes: scriptTransferBytes(lhr),
  };
}

/** Audits with weight 0 are informative only; they cannot be why a category misses its target. */
function failingAudits(lhr: Result, category: CategoryId): FailingAudit[] {
  const failing: FailingAudit[] = [];
  for (const ref of lhr.categories[category]?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    if (!audit || ref.weight <= 0 || audit.score === null || audit.score >= 1) continue;
    failing.push({ id: ref.id, title: audit.title, score: audit.score, displayValue: audit.displayValue });
  }
  return failing;
}

export function offHostRequests(lhr: Result): string[] {
  const urls = tableItems(lhr, 'network-requests').map((item) => String(item.url));
  return urls.filter((url) => /^(https?|wss?):/.test(url) && new URL(url).hostname !== HOST);
}

function runResult(lhr: Result): RunResult {
  const scores = {} as Record<CategoryId, number | null>;
  for (const category of CATEGORIES) scores[category] = toScore(lhr.categories[category]?.score);
  return { scores, metrics: extractMetrics(lhr), benchmarkIndex: Math.round(lhr.environment.benchmarkIndex) };
}

function median(values: readonly (number | null)[]): number | null {
  const present = values.filter((value): value is number => value !== null).sort((a, b) => a - b);
  if (present.length === 0) return null;
  const half = present.length / 2;
  return ((present[Math.ceil(half) - 1] ?? 0) + (present[Math.floor(half)] ?? 0)) / 2;
}

/** The median of each figure on its own, over the page's runs; the failing audits are those of its last run. */
function summarize(page: (typeof PAGES)[number], url: string, runs: RunResult[], lastLhr: Result): PageResult {
  const scores = {} as Record<CategoryId, number | null>;
  const failing: PageResult['failingAudits'] = {};
  for (const category of CATEGORIES) {
    const score = median(runs.map((run) => run.scores[category]));
    scores[category] = score;
    if (score === null || score < TARGETS[category]) failing[category] = failingAudits(lastLhr, category);
  }
  const metric = (key: keyof Metrics) => median(runs.map((run) => run.metrics[key]));
  return {
    ...page,
    url,
    scores,
    metrics: {
      fcpMs: metric('fcpMs'),
      lcpMs: metric('lcpMs'),
      tbtMs: metric('tbtMs'),
      cls: metric('cls'),
      scriptTransferBytes: metric('scriptTransferBytes'),
    },
    benchmarkIndex: median(runs.map((run) => run.benchmarkIndex)),
    runs,
    failingAudits: failing,
    offHostRequests: offHostRequests(lastLhr),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Report

const MISS = '✗';

function formatScore(category: CategoryId, score: number | null): string {
  if (score === null) return `n/a ${MISS}`;
  return score < TARGETS[category] ? `${score} ${MISS}` : String(score);
}

export function formatMs(ms: number | null): string {
  if (ms === null) return 'n/a';
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`;
}

function formatBytes(bytes: number | null): string {
  return bytes === null ? 'n/a' : `${(bytes / 1024).toFixed(1)} KiB`;
}

const HEADERS = ['Page', 'Perf', 'A11y', 'Best pr.', 'SEO', 'FCP', 'LCP', 'TBT', 'CLS', 'JS transfer'];

function tableRows(pages: PageResult[]): string[][] {
  return pages.map(({ path, scores, metrics }) => [
    path,
    ...CATEGORIES.map((category) => formatScore(category, scores[category])),
    formatMs(metrics.fcpMs),
    formatMs(metrics.lcpMs),
    formatMs(metrics.tbtMs),
    metrics.cls === null ? 'n/a' : metrics.cls.toFixed(3),
    formatBytes(metrics.scriptTransferBytes),
  ]);
}

function textTable(rows: string[][]): string {
  const all = [HEADERS, ...rows];
  const widths = HEADERS.map((_, column) => Math.max(...all.map((row) => (row[column] ?? '').length)));
  const line = (row: string[]) =>
    row
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(HEADERS), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}

function markdownTable(rows: string[][]): string {
  const line = (row: string[]) => `| ${row.join(' | ')} |`;
  return [line(HEADERS), line(HEADERS.map(() => '---')), ...rows.map(line)].join('\n');
}

function targetsLine(): string {
  const targets = CATEGORIES.map((category) => {
    const target = TARGETS[category];
    return `${category} ${target === 100 ? '100' : `>= ${target}`}`;
  });
  return `Targets: ${targets.join(', ')} (${MISS} = below target)`;
}

function failingAuditLines(pages: PageResult[]): string[] {
  const lines: string[] = [];
  for (const page of pages) {
    for (const [category, audits] of Object.entries(page.failingAudits)) {
      for (const audit of audits) {
        const value = audit.displayValue ? ` (${audit.displayValue})` : '';
        lines.push(`${page.path} [${category}] ${audit.id}: ${audit.title}${value}`);
      }
    }
    for (const url of page.offHostRequests) lines.push(`${page.path} requested outside ${HOST}: ${url}`);
  }
  return lines;
}

/** The machine's speed beside the figures that depend on it: TBT and, through it, the performance score. */
function machineLine(pages: readonly PageResult[]): string {
  const indexes = pages
    .flatMap((page) => page.runs.map((run) => run.benchmarkIndex))
    .filter((index): index is number => index !== null);
  if (indexes.length === 0) return 'Lighthouse reported no CPU benchmark index.';
  return `Lighthouse's CPU benchmark index of this machine over the audits (higher is faster): median ${median(indexes)}, ${Math.min(...indexes)} to ${Math.max(...indexes)}.`;
}

async function writeResults(pages: PageResult[], lhr: Result, runsPerPage: number, markdown: string): Promise<void> {
  const json = {
    date: new Date().toISOString(),
    runsPerPage,
    lighthouseVersion: lhr.lighthouseVersion,
    userAgent: lhr.environment.hostUserAgent,
    formFactor: 'mobile',
    throttlingMethod: 'simulate',
    targets: TARGETS,
    pages,
  };
  await mkdir(RESULTS_DIR, { recursive: true });
  await writeFile(join(RESULTS_DIR, 'lighthouse.json'), `${JSON.stringify(json, null, 2)}\n`);
  await writeFile(join(RESULTS_DIR, 'lighthouse.md'), markdown);
}

// ---------------------------------------------------------------------------------------------------------------

/**
 * An audit, and once more if Lighthouse itself failed (on this shared machine it now and then loses the trace:
 * NO_NAVSTART); a second failure ends the bench.
 */
async function auditOnceMore(url: string, chromePort: number): Promise<Result> {
  try {
    return await auditPage(url, chromePort);
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}; auditing once more`);
    return auditPage(url, chromePort);
  }
}

function optionsFromEnv(): { runs: number; pages: (typeof PAGES)[number][] } {
  const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`BENCH_LIGHTHOUSE_RUNS is not a positive integer: ${runs}`);
  const names = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',').filter(Boolean);
  const pages = names ? PAGES.filter((page) => names.includes(page.name)) : [...PAGES];
  if (pages.length === 0) throw new Error(`BENCH_LIGHTHOUSE_PAGES names no page of ${PAGES.map((p) => p.name)}`);
  return { runs, pages };
}

async function auditAll(
  baseUrl: string,
  pages: readonly (typeof PAGES)[number][],
  runs: number,
): Promise<{ pages: PageResult[]; lastLhr: Result }> {
  const chrome = await launchChrome();
  try {
    const audited = pages.map((page) => ({
      page,
      url: new URL(page.path, baseUrl).href,
      runs: [] as RunResult[],
      lastLhr: undefined as Result | undefined,
    }));
    let lastLhr: Result | undefined;
    // One audit at a time (parallel runs would share the CPU and distort each other's simulated timings), the pages
    // taking turns, so a change in the machine's load falls on all of them alike.
    for (let round = 1; round <= runs; round++) {
      for (const entry of audited) {
        console.log(`Auditing ${entry.url} (${round}/${runs}) ...`);
        lastLhr = await auditOnceMore(entry.url, chrome.port);
        entry.runs.push(runResult(lastLhr));
        entry.lastLhr = lastLhr;
      }
    }
    if (!lastLhr) throw new Error('no pages audited');
    return {
      pages: audited.map((entry) => summarize(entry.page, entry.url, entry.runs, entry.lastLhr ?? (lastLhr as Result))),
      lastLhr,
    };
  } finally {
    chrome.kill();
  }
}

async function main(): Promise<void> {
  const options = optionsFromEnv();
  await buildUnlessSkipped(skipBuildFromEnv());
  const audited = await withServer({}, (baseUrl) => auditAll(baseUrl, options.pages, options.runs));

  const rows = tableRows(audited.pages);
  const failing = failingAuditLines(audited.pages);
  const machine = machineLine(audited.pages);
  const markdown = [
    `# Lighthouse (mobile, simulated throttling), ${new Date().toISOString().slice(0, 10)}`,
    '',
    `Each figure is the median of ${options.runs} audits of the page, the pages taking turns.`,
    '',
    machine,
    '',
    markdownTable(rows),
    '',
    targetsLine(),
    '',
    ...(failing.length ? ['Failing audits:', '', ...failing.map((line) => `- ${line}`), ''] : []),
  ].join('\n');
  await writeResults(audited.pages, audited.lastLhr, options.runs, markdown);

  console.log(`\n${textTable(rows)}\n\n${targetsLine()}\n${machine}`);
  console.log(failing.length ? `\nFailing audits:\n${failing.map((line) => `  ${line}`).join('\n')}` : '');
  console.log(`\nWritten: ${RESULTS_DIR}/lighthouse.{json,md}`);
}

// Imported by bench/widgets/ for its figures' helpers; run only as `node bench/lighthouse.ts`.
if (import.meta.main) {
  try {
    await main();
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  }
}
