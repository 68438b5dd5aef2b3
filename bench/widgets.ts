/**
 * What the widgets cost a publisher: their transfer sizes against the budgets, and Lighthouse on a publisher's
 * article without a widget, with the calculator and with the application.
 *
 *   node bench/widgets.ts                      build, then measure
 *   BENCH_SKIP_BUILD=1 node bench/widgets.ts   measure the existing dist/client
 *
 * Knobs: BENCH_WIDGET_RUNS (Lighthouse runs per page, default 5; each figure is the median of its runs),
 * BENCH_PRODUCT_PORT and BENCH_PUBLISHER_PORT (default: ports the OS picks).
 *
 * The product is the broker (server/sandbox/main.ts) on the build, as in production (compression, headers), with an embedded database in
 * memory. The publisher is a tiny server in this process, on another port of 127.0.0.1: another origin, as a
 * publisher's site is. Its one article (a heading, a byline, a few paragraphs, no images) is served three times, the
 * same but for the embed snippet after its second paragraph: nothing, a calculator, an application.
 *
 * Sizes, in headless Chromium (Playwright): each widget in the article, everything it brings from the product (the
 * loader and the host script among it); then each iframe page on its own, what it loads until the network is idle and
 * its first control shows, as tests/e2e/size-budget.spec.ts counts. Each file three ways: as the server sends it to
 * `accept-encoding: gzip` (asked for again over plain HTTP: Chromium also offers zstd and brotli, which the server
 * prefers), gzip -9 of its content, and as Chromium got it. The budgets are about the first two.
 * Lighthouse: performance only, in the form bench/lighthouse.ts uses (mobile, simulated throttling). On the same
 * server, the JavaScript of the site's home pages and the wizard's first step against their budgets
 * (bench/site-sizes.ts), which bench/goals.ts reads from here.
 *
 * Prints the article's goals (CLS, LCP against the article without a widget, bytes from our server; bench/goals.ts).
 * Writes bench/results/widgets.json and bench/results/widgets.md. Missed budgets are reported, not fatal: the exit
 * code is non-zero only when the build, a server, Chromium or Lighthouse fails, or a widget does not appear.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measuredCommit } from './commit.ts';
import { goalsText, widgetArticleGoals } from './goals.ts';
import { measureSiteSizes } from './site-sizes.ts';
import { buildUnlessSkipped, findFreePort, HOST, skipBuildFromEnv, withServer } from './bench-processes.ts';
import { BUDGETS } from './widgets/budgets.ts';
import { measureSizes } from './widgets/measure-sizes.ts';
import { startPublisher } from './widgets/publisher.ts';
import { markdown, textSummary, type WidgetResults } from './widgets/report.ts';
import { runLighthouse } from './widgets/run-lighthouse.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RESULTS_DIR = join(ROOT, 'bench', 'results');

interface Options {
  skipBuild: boolean;
  runs: number;
  productPort: number | null;
  publisherPort: number | null;
}

function optionsFromEnv(): Options {
  const port = (name: string) => {
    const value = process.env[name];
    if (!value) return null;
    const number = Number(value);
    if (!Number.isInteger(number) || number <= 0 || number > 65_535) throw new Error(`${name} is not a port: ${value}`);
    return number;
  };
  const runs = Number(process.env.BENCH_WIDGET_RUNS ?? 5);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`BENCH_WIDGET_RUNS is not a positive integer: ${runs}`);
  return {
    skipBuild: skipBuildFromEnv(),
    runs,
    productPort: port('BENCH_PRODUCT_PORT'),
    publisherPort: port('BENCH_PUBLISHER_PORT'),
  };
}

const commit = () => measuredCommit(ROOT);

async function main(): Promise<void> {
  const options = optionsFromEnv();
  await buildUnlessSkipped(options.skipBuild);

  const cpu = cpus();
  const date = new Date().toISOString();
  const loadAverageAtStart = Math.round((loadavg()[0] ?? 0) * 100) / 100;
  const productPort = options.productPort ?? (await findFreePort());
  const publisherPort = options.publisherPort ?? (await findFreePort());
  const publisherOrigin = `http://${HOST}:${publisherPort}`;

  const env = { DATA_DIR: 'memory', SANDBOX_LENDER_DELAY_MS: '0' };
  const { sizes, siteSizes, lighthouse } = await withServer({ port: productPort, env }, async (productOrigin) => {
    const publisher: Server = await startPublisher(publisherPort, productOrigin);
    try {
      return {
        sizes: await measureSizes(productOrigin, publisherOrigin),
        siteSizes: await measureSiteSizes(productOrigin),
        lighthouse: await runLighthouse(publisherOrigin, productOrigin, options.runs),
      };
    } finally {
      publisher.close();
      publisher.closeAllConnections();
    }
  });

  const results: WidgetResults = {
    date,
    node: process.version,
    cpus: `${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}`,
    commit: commit(),
    loadAverageAtStart,
    budgetsBytes: BUDGETS,
    sizes,
    siteSizes,
    lighthouse,
  };
  await mkdir(RESULTS_DIR, { recursive: true });
  await writeFile(join(RESULTS_DIR, 'widgets.json'), `${JSON.stringify(results, null, 2)}\n`);
  await writeFile(join(RESULTS_DIR, 'widgets.md'), markdown(results));
  console.log(`\n${textSummary(results)}\n\n${goalsText(widgetArticleGoals(results))}`);
  console.log(`\nWritten: ${RESULTS_DIR}/widgets.{json,md}`);
}

if (import.meta.main) {
  try {
    await main();
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  }
}
