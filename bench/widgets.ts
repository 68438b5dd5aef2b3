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
 * Lighthouse: performance only, in the form bench/lighthouse.ts uses (mobile, simulated throttling).
 *
 * Writes bench/results/widgets.json and bench/results/widgets.md. Missed budgets are reported, not fatal: the exit
 * code is non-zero only when the build, a server, Chromium or Lighthouse fails, or a widget does not appear.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer, get, type Server } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measuredCommit } from './commit.ts';
import { gunzipSync, gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from '@playwright/test';
import type { Result } from 'lighthouse';
import { WIDGET_KINDS, type WidgetKind } from '../domain/widget-protocol/config.ts';
import { WIDGET_BASE_PATH } from '../domain/widget-protocol/constants.ts';
import {
  auditPage,
  CHROME_FLAGS,
  findChrome,
  findFreePort,
  formatMs,
  HOST,
  launchChrome,
  numericValue,
  offHostRequests,
  run,
  startServer,
  stopServer,
  tableItems,
  toScore,
  waitUntilUp,
} from './lighthouse.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RESULTS_DIR = join(ROOT, 'bench', 'results');

const KIB = 1024;
/** The same budgets as tests/e2e/size-budget.spec.ts, in bytes of gzip (KiB of 1024 bytes, as it counts). */
const BUDGETS = {
  loader: 1.5 * KIB,
  calculator: 95 * KIB,
  application: 170 * KIB,
} as const satisfies Record<'loader' | WidgetKind, number>;

const LANGS = ['lv', 'ru'] as const;
type Lang = (typeof LANGS)[number];

/** What shows when a widget's iframe page is ready for the visitor: the calculator's slider, the form's button. */
const READY_ROLE: Record<WidgetKind, 'slider' | 'button'> = { calculator: 'slider', application: 'button' };

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
    skipBuild: process.env.BENCH_SKIP_BUILD === '1',
    runs,
    productPort: port('BENCH_PRODUCT_PORT'),
    publisherPort: port('BENCH_PUBLISHER_PORT'),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The publisher's article

/** The article's three forms: the path on the publisher's server and the widget its snippet places, if any. */
const VARIANTS = [
  { name: 'none', path: '/', label: 'without a widget', widget: null },
  { name: 'calculator', path: '/with-calculator', label: 'with the calculator', widget: 'calculator' },
  { name: 'application', path: '/with-application', label: 'with the application', widget: 'application' },
] as const satisfies readonly { name: string; path: string; label: string; widget: WidgetKind | null }[];
type Variant = (typeof VARIANTS)[number];

const PUBLISHER_ID = 'autozinas.lv';

/**
 * What a publisher pastes: the widget's element and the loader's one script tag. (The snippet generator adds an inline
 * queue stub for calls to `LoanWidget` made before the loader arrives; a page placing its widget by markup needs none.)
 */
const embedSnippet = (productOrigin: string, widget: WidgetKind) =>
  `<div data-loan-widget="${widget}" data-lang="lv" data-publisher-id="${PUBLISHER_ID}"></div>
      <script async src="${productOrigin}${WIDGET_BASE_PATH}/loader.js"></script>`;

/**
 * A news site's article in the publisher's own plain style: system fonts, one inline stylesheet, no images and no
 * third parties, so that what changes between the forms is the widget alone. The snippet sits where an editor would
 * put it, after the second paragraph, within the first screen of a phone.
 */
function articlePage(productOrigin: string, widget: WidgetKind | null): string {
  return `<!doctype html>
<html lang="lv">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Kā izvēlēties auto kredītu: seši jautājumi pirms parakstīšanas | Autoziņas</title>
    <meta name="description" content="Procentu likme, termiņš, pirmā iemaksa un kopējās izmaksas: ko salīdzināt, pirms ņemat kredītu auto iegādei." />
    <style>
      * { box-sizing: border-box; }
      body { margin: 0; font: 18px/1.6 Georgia, 'Times New Roman', serif; color: #1d1d1f; background: #fff; }
      a { color: #0b57d0; }
      .site { display: flex; flex-wrap: wrap; gap: 0.5rem 1.5rem; align-items: baseline; padding: 0.75rem 1rem;
        border-bottom: 3px solid #c8102e; font-family: system-ui, sans-serif; }
      .brand { font-weight: 800; font-size: 1.4rem; color: #c8102e; text-decoration: none; }
      .site nav { display: flex; flex-wrap: wrap; gap: 1rem; font-size: 0.95rem; }
      .site nav a { color: #1d1d1f; text-decoration: none; }
      main { max-width: 720px; margin: 0 auto; padding: 1rem; }
      .kicker { margin: 0; font: 700 0.85rem system-ui, sans-serif; text-transform: uppercase; color: #c8102e; }
      h1 { margin: 0.25rem 0 0.5rem; font: 800 1.9rem/1.2 system-ui, sans-serif; }
      h2 { margin: 2rem 0 0.5rem; font: 700 1.35rem/1.3 system-ui, sans-serif; }
      .byline { margin: 0 0 1rem; font: 0.9rem system-ui, sans-serif; color: #5f6368; }
      .lead { font-size: 1.15rem; font-weight: 600; }
      .widget-slot { margin: 1.5rem 0; }
      aside { margin-top: 2.5rem; padding-top: 1rem; border-top: 1px solid #dadce0; font-family: system-ui, sans-serif; }
      aside ul { padding-left: 1.2rem; }
      footer { padding: 1.5rem 1rem; background: #f1f3f4; font: 0.85rem system-ui, sans-serif; color: #5f6368;
        text-align: center; }
    </style>
  </head>
  <body>
    <header class="site">
      <a class="brand" href="/">Autoziņas</a>
      <nav aria-label="Sadaļas">
        <a href="/">Jaunumi</a><a href="/">Testi</a><a href="/">Lietoti auto</a><a href="/">Finanses</a>
      </nav>
    </header>
    <main>
      <article>
        <p class="kicker">Finanses</p>
        <h1>Kā izvēlēties auto kredītu: seši jautājumi pirms parakstīšanas</h1>
        <p class="byline">Anna Kalniņa · 2026. gada 14. novembris · 6 minūtes lasīšanai</p>
        <p class="lead">
          Auto kredīta cenu veido ne tikai procentu likme. Līguma maksa, apdrošināšana un termiņš dažkārt maksā
          vairāk nekā pati likme, tāpēc salīdziniet kopējās izmaksas, ne reklāmas skaitli.
        </p>
        <p>
          Latvijā auto kredītus piedāvā gan bankas, gan nebanku kreditētāji. Bankas parasti prasa lielāku pirmo
          iemaksu un rūpīgāk vērtē ienākumus, toties likme mēdz būt zemāka. Nebanku kreditētāji lēmumu pieņem ātrāk,
          bet par ātrumu nākas maksāt. Pirms iesniedzat pieteikumu, aprēķiniet, cik lielu ikmēneša maksājumu jūsu
          budžets tiešām izturēs, arī ja ienākumi uz brīdi samazinātos.
        </p>
        ${widget ? `<div class="widget-slot">\n      ${embedSnippet(productOrigin, widget)}\n        </div>` : ''}
        <h2>1. Cik liela ir gada kopējā procentu likme?</h2>
        <p>
          Gada kopējā procentu likme (GPL) ietver ne tikai procentus, bet arī obligātās komisijas un maksas. Tieši
          GPL, nevis nominālā likme, ļauj godīgi salīdzināt dažādu kreditētāju piedāvājumus. Ja divos piedāvājumos
          nominālā likme ir vienāda, bet GPL atšķiras, atšķirību rada maksas, ko viegli nepamanīt.
        </p>
        <h2>2. Kāds termiņš jums izdevīgāks?</h2>
        <p>
          Garāks termiņš samazina ikmēneša maksājumu, taču kopumā jūs samaksāsiet vairāk. Piecu gadu vietā izvēloties
          trīs gadus, maksājums pieaug, bet procentos aiziet ievērojami mazāk naudas. Derīgi salīdzināt vismaz divus
          termiņus ar vienu un to pašu summu.
        </p>
        <h2>3. Vai nepieciešama pirmā iemaksa?</h2>
        <p>
          Daudzi kreditētāji prasa vismaz 10–20 % pirmo iemaksu. Lielāka iemaksa samazina gan aizņēmuma summu, gan
          risku, ka auto vērtība kritīsies straujāk par kredīta atlikumu. Lietotam auto kreditētāji mēdz prasīt
          lielāku iemaksu nekā jaunam.
        </p>
        <h2>4. Kādas ir papildu izmaksas?</h2>
        <p>
          Līguma noformēšanas maksa, KASKO apdrošināšana un ķīlas reģistrācija palielina kredīta cenu. Pajautājiet
          kreditētājam pilnu maksājumu grafiku un pārliecinieties, ka tajā redzamas visas maksas.
        </p>
        <h2>5. Vai kredītu var atmaksāt pirms termiņa?</h2>
        <p>
          Patērētāju kreditēšanas likums ļauj kredītu atmaksāt pirms termiņa, taču kreditētājs var prasīt
          samērīgu kompensāciju. Noskaidrojiet to pirms līguma parakstīšanas, ja plānojat auto pārdot vai
          kredītu refinansēt.
        </p>
        <h2>6. Kā salīdzināt piedāvājumus?</h2>
        <p>
          Iesniedziet pieteikumu vairākiem kreditētājiem vienlaikus un salīdziniet piedāvājumus pēc GPL un kopējās
          atmaksājamās summas. Neparakstiet pirmo piedāvājumu tikai tāpēc, ka tas atnāca ātrāk.
        </p>
      </article>
      <aside>
        <h2>Lasiet arī</h2>
        <ul>
          <li><a href="/">Lietota auto pārbaude: desmit lietas, ko apskatīt pirms pirkuma</a></li>
          <li><a href="/">Līzings vai kredīts: kas izdevīgāks privātpersonai?</a></li>
          <li><a href="/">Elektroauto uzturēšanas izmaksas pēc trim gadiem</a></li>
        </ul>
      </aside>
    </main>
    <footer>© 2026 Autoziņas · <a href="/">Par mums</a> · <a href="/">Privātuma politika</a></footer>
  </body>
</html>
`;
}

/** The publisher's site: the article's forms, compressed when asked (as a publisher's server would), nothing else. */
function startPublisher(port: number, productOrigin: string): Promise<Server> {
  const pages = new Map<string, { html: Buffer; gzip: Buffer }>(
    VARIANTS.map(({ path, widget }) => {
      const html = Buffer.from(articlePage(productOrigin, widget));
      return [path, { html, gzip: gzipSync(html) }];
    }),
  );
  const server = createServer((request, response) => {
    const page = pages.get(new URL(request.url ?? '/', 'http://publisher').pathname);
    if (!page) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-cache',
      vary: 'accept-encoding',
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    });
    response.end(gzip ? page.gzip : page.html);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, HOST, () => resolve(server));
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Sizes

/**
 * A body's bytes three ways: as the server sends it to `accept-encoding: gzip` (what the budgets are about), gzip -9
 * of its content (as tests/e2e/size-budget.spec.ts counts), and as Chromium received it, asking in its own way.
 */
interface Size {
  sentBytes: number;
  gzip9Bytes: number;
  browserBytes: number;
}

interface FileSize extends Size {
  path: string;
  /** the content-encoding sent to `accept-encoding: gzip`; `identity` when the server did not compress */
  encoding: string;
  browserEncoding: string;
}

interface SizeFigure extends Size {
  files: number;
  /** the encodings among the files, each way */
  encodings: string[];
  browserEncodings: string[];
}

const gzip9 = (body: Buffer) => gzipSync(body, { level: 9 }).length;

/** One GET with `accept-encoding: gzip`, read without decoding: the bytes on the wire, and the content. */
function fetchGzip(url: string): Promise<{ encoding: string; sentBytes: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        if (response.statusCode !== 200) return reject(new Error(`GET ${url} answered ${response.statusCode}`));
        const raw = Buffer.concat(chunks);
        const encoding = response.headers['content-encoding'] ?? 'identity';
        resolve({ encoding, sentBytes: raw.length, body: encoding === 'gzip' ? gunzipSync(raw) : raw });
      });
    }).on('error', reject);
  });
}

type ResourceKind = 'html' | 'js' | 'css' | 'fonts' | 'other';
const RESOURCE_KINDS: readonly ResourceKind[] = ['html', 'js', 'css', 'fonts', 'other'];

/** Chromium's resource types, as Playwright names them, in the report's groups. */
const KIND_OF_TYPE: Readonly<Record<string, ResourceKind>> = {
  document: 'html',
  script: 'js',
  stylesheet: 'css',
  font: 'fonts',
};

interface RecordedFile extends FileSize {
  origin: string;
  kind: ResourceKind;
}

interface Recording {
  files: RecordedFile[];
  /** the accept-encoding Chromium sent */
  acceptEncoding: string;
}

/**
 * Every response the page receives: Chromium's encoded body size, gzip -9 of the content, and for a GET the same
 * file asked for again with `accept-encoding: gzip` (Chromium offers more than gzip, and the server prefers others).
 * `settled` waits for the bodies still being read.
 */
function recordResponses(page: Page): { recording: Recording; settled: () => Promise<void> } {
  const recording: Recording = { files: [], acceptEncoding: '' };
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!url.protocol.startsWith('http')) return;
    pending.push(
      (async () => {
        const request = response.request();
        const { responseBodySize } = await request.sizes();
        // a redirect or an empty answer has no body to read
        const body = await response.body().catch(() => Buffer.alloc(0));
        const browserEncoding = (await response.headerValue('content-encoding')) ?? 'identity';
        const gzip =
          request.method() === 'GET' && response.status() === 200
            ? await fetchGzip(url.href)
            : { encoding: browserEncoding, sentBytes: responseBodySize };
        recording.acceptEncoding ||= (await request.headerValue('accept-encoding')) ?? '';
        recording.files.push({
          origin: url.origin,
          path: url.pathname,
          kind: KIND_OF_TYPE[request.resourceType()] ?? 'other',
          encoding: gzip.encoding,
          sentBytes: gzip.sentBytes,
          gzip9Bytes: gzip9(body),
          browserEncoding,
          browserBytes: responseBodySize,
        });
      })(),
    );
  });
  return { recording, settled: async () => void (await Promise.all(pending)) };
}

function sum(files: readonly FileSize[]): SizeFigure {
  const total = (key: keyof Size) => files.reduce((bytes, file) => bytes + file[key], 0);
  const distinct = (values: string[]) => [...new Set(values)].sort();
  return {
    files: files.length,
    sentBytes: total('sentBytes'),
    gzip9Bytes: total('gzip9Bytes'),
    browserBytes: total('browserBytes'),
    encodings: distinct(files.map((file) => file.encoding)),
    browserEncodings: distinct(files.map((file) => file.browserEncoding)),
  };
}

type ByKind = Record<ResourceKind, SizeFigure>;

const byKind = (files: readonly RecordedFile[]): ByKind =>
  Object.fromEntries(RESOURCE_KINDS.map((kind) => [kind, sum(files.filter((file) => file.kind === kind))])) as ByKind;

const fileSize = ({
  path,
  encoding,
  sentBytes,
  gzip9Bytes,
  browserEncoding,
  browserBytes,
}: RecordedFile): FileSize => ({
  path,
  encoding,
  sentBytes,
  gzip9Bytes,
  browserEncoding,
  browserBytes,
});

interface FrameSizes {
  widget: WidgetKind;
  lang: Lang;
  url: string;
  budgetBytes: number;
  met: boolean;
  byKind: ByKind;
  scripts: FileSize[];
}

interface EmbeddedSizes {
  widget: WidgetKind;
  url: string;
  /** everything from the product's origin: loader, host script, the iframe page and what it loads */
  fromProduct: SizeFigure;
  byKind: ByKind;
}

interface SizeResults {
  /** what Chromium offered the server */
  browserAcceptEncoding: string;
  loader: FileSize & { budgetBytes: number; met: boolean };
  hostScript: FileSize;
  frames: FrameSizes[];
  embedded: EmbeddedSizes[];
}

/** Both gzip figures within the budget: what the server sends, and what gzip -9 makes of it. */
const within = (size: Size, budget: number) => size.sentBytes <= budget && size.gzip9Bytes <= budget;

/** Loads a page in a fresh context until the network is idle and `ready` shows; every response, settled. */
async function loadAndRecord(
  browser: Browser,
  url: string,
  ready: (page: Page) => ReturnType<Page['locator']>,
): Promise<Recording> {
  console.log(`Loading ${url} ...`);
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const { recording, settled } = recordResponses(page);
    await page.goto(url, { waitUntil: 'networkidle' });
    await ready(page).waitFor({ state: 'visible', timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    await settled();
    return recording;
  } finally {
    await context.close();
  }
}

async function measureSizes(productOrigin: string, publisherOrigin: string): Promise<SizeResults> {
  const browser = await chromium.launch({ executablePath: await findChrome(), args: playwrightArgs() });
  try {
    // First each widget in the article: what the publisher's page fetches from the product, the loader and the
    // host script among it.
    const embedded: EmbeddedSizes[] = [];
    const widgetFiles: RecordedFile[] = [];
    let acceptEncoding = '';
    for (const { path, widget } of VARIANTS) {
      if (!widget) continue;
      const url = `${publisherOrigin}${path}`;
      const recording = await loadAndRecord(browser, url, (page) =>
        page.frameLocator(`iframe[src*="${WIDGET_BASE_PATH}/${widget}?"]`).getByRole(READY_ROLE[widget]).first(),
      );
      const fromProduct = recording.files.filter((file) => file.origin === productOrigin);
      embedded.push({ widget, url, fromProduct: sum(fromProduct), byKind: byKind(fromProduct) });
      widgetFiles.push(...fromProduct);
      acceptEncoding ||= recording.acceptEncoding;
    }
    const widgetFile = (pattern: RegExp) => {
      const file = widgetFiles.find(({ path }) => pattern.test(path));
      if (!file) throw new Error(`the article with a widget loaded no ${pattern}`);
      return fileSize(file);
    };
    const loader = widgetFile(new RegExp(`^${WIDGET_BASE_PATH}/loader\\.js$`));
    const hostScript = widgetFile(new RegExp(`^${WIDGET_BASE_PATH}/host-[\\w-]+\\.js$`));

    // Then each iframe page on its own, as the budgets count it.
    const frames: FrameSizes[] = [];
    for (const widget of WIDGET_KINDS) {
      for (const lang of LANGS) {
        const url = `${productOrigin}${WIDGET_BASE_PATH}/${widget}?lang=${lang}`;
        const { files } = await loadAndRecord(browser, url, (page) => page.getByRole(READY_ROLE[widget]).first());
        const kinds = byKind(files);
        frames.push({
          widget,
          lang,
          url,
          budgetBytes: BUDGETS[widget],
          met: within(kinds.js, BUDGETS[widget]),
          byKind: kinds,
          scripts: files.filter((file) => file.kind === 'js').map(fileSize),
        });
      }
    }
    return {
      browserAcceptEncoding: acceptEncoding,
      loader: { ...loader, budgetBytes: BUDGETS.loader, met: within(loader, BUDGETS.loader) },
      hostScript,
      frames,
      embedded,
    };
  } finally {
    await browser.close();
  }
}

/** Playwright adds its own headless flag; the rest as Lighthouse's Chromium has them, offline included. */
const playwrightArgs = () => CHROME_FLAGS.filter((flag) => !flag.startsWith('--headless'));

// ---------------------------------------------------------------------------------------------------------------
// Lighthouse

interface LighthouseFigures {
  score: number | null;
  fcpMs: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  /** everything the page transferred, and what of it came from the product (the widget) */
  transferBytes: number | null;
  widgetTransferBytes: number;
  /** LCP as Chromium saw it, unthrottled, before Lighthouse's simulation */
  observedLcpMs: number | null;
}

/** What a run shows beside its figures: which element was the LCP, and what moved. */
interface LighthouseRun extends LighthouseFigures {
  lcpElement: string | null;
  layoutShifts: { element: string; score: number }[];
}

interface LighthousePage {
  name: Variant['name'];
  label: string;
  url: string;
  /** the median of each figure over the runs, on its own */
  median: LighthouseFigures;
  runs: LighthouseRun[];
  /** anything loaded from outside 127.0.0.1; should stay empty */
  offHostRequests: string[];
}

interface LighthouseResults {
  lighthouseVersion: string;
  userAgent: string;
  formFactor: 'mobile';
  throttlingMethod: 'simulate';
  runsPerPage: number;
  pages: LighthousePage[];
}

interface NodeItem {
  type?: string;
  selector?: string;
}

/** The element of the LCP breakdown insight: a list of a table and the node. */
function lcpElement(lhr: Result): string | null {
  const details = lhr.audits['lcp-breakdown-insight']?.details;
  const items = details?.type === 'list' ? (details.items as NodeItem[]) : [];
  return items.find((item) => item.type === 'node')?.selector ?? null;
}

function layoutShifts(lhr: Result): LighthouseRun['layoutShifts'] {
  return tableItems(lhr, 'layout-shifts').map((item) => ({
    element: (item.node as NodeItem | undefined)?.selector ?? '(no element)',
    score: Number(Number(item.score).toFixed(4)),
  }));
}

function observedLcpMs(lhr: Result): number | null {
  const details = lhr.audits.metrics?.details;
  const metrics =
    details?.type === 'debugdata' ? (details.items?.[0] as Record<string, unknown> | undefined) : undefined;
  const value = metrics?.observedLargestContentfulPaint;
  return typeof value === 'number' ? Math.round(value) : null;
}

function figures(lhr: Result, productOrigin: string): LighthouseRun {
  const requests = tableItems(lhr, 'network-requests');
  const widgetTransferBytes = requests
    .filter((item) => String(item.url).startsWith(`${productOrigin}/`))
    .reduce((total, item) => total + (typeof item.transferSize === 'number' ? item.transferSize : 0), 0);
  return {
    score: toScore(lhr.categories.performance?.score),
    fcpMs: numericValue(lhr, 'first-contentful-paint'),
    lcpMs: numericValue(lhr, 'largest-contentful-paint'),
    tbtMs: numericValue(lhr, 'total-blocking-time'),
    cls: numericValue(lhr, 'cumulative-layout-shift', 4),
    transferBytes: numericValue(lhr, 'total-byte-weight'),
    widgetTransferBytes,
    observedLcpMs: observedLcpMs(lhr),
    lcpElement: lcpElement(lhr),
    layoutShifts: layoutShifts(lhr),
  };
}

/** A run in which the widget's iframe page did not load measured an article without it: worse than no figure. */
function assertWidgetLoaded(lhr: Result, variant: Variant, productOrigin: string): void {
  if (!variant.widget) return;
  const frame = `${productOrigin}${WIDGET_BASE_PATH}/${variant.widget}?`;
  const loaded = tableItems(lhr, 'network-requests').some(
    (item) => String(item.url).startsWith(frame) && item.statusCode === 200,
  );
  if (!loaded) throw new Error(`Lighthouse's run of ${lhr.finalDisplayedUrl} did not load ${frame}…`);
}

function median(values: readonly (number | null)[]): number | null {
  const present = values.filter((value): value is number => value !== null).sort((a, b) => a - b);
  if (present.length === 0) return null;
  // the middle value, or the mean of the two middle ones
  const half = present.length / 2;
  return ((present[Math.ceil(half) - 1] ?? 0) + (present[Math.floor(half)] ?? 0)) / 2;
}

function medianFigures(runs: readonly LighthouseFigures[]): LighthouseFigures {
  const of = (key: keyof LighthouseFigures) => median(runs.map((figures) => figures[key]));
  return {
    score: of('score'),
    fcpMs: of('fcpMs'),
    lcpMs: of('lcpMs'),
    tbtMs: of('tbtMs'),
    cls: of('cls'),
    transferBytes: of('transferBytes'),
    widgetTransferBytes: of('widgetTransferBytes') ?? 0,
    observedLcpMs: of('observedLcpMs'),
  };
}

async function runLighthouse(publisherOrigin: string, productOrigin: string, runs: number): Promise<LighthouseResults> {
  const chrome = await launchChrome();
  try {
    const pages = VARIANTS.map((variant) => ({
      variant,
      url: `${publisherOrigin}${variant.path}`,
      runs: [] as LighthouseRun[],
      offHost: new Set<string>(),
    }));
    let last: Result | undefined;
    // One audit at a time, the pages taking turns: a change in the machine's load falls on all three alike.
    for (let round = 1; round <= runs; round++) {
      for (const page of pages) {
        console.log(`Lighthouse ${round}/${runs}: ${page.url} ...`);
        last = await auditPage(page.url, chrome.port, ['performance']);
        assertWidgetLoaded(last, page.variant, productOrigin);
        page.runs.push(figures(last, productOrigin));
        for (const request of offHostRequests(last)) page.offHost.add(request);
      }
    }
    if (!last) throw new Error('no page audited');
    return {
      lighthouseVersion: last.lighthouseVersion,
      userAgent: last.environment.hostUserAgent,
      formFactor: 'mobile',
      throttlingMethod: 'simulate',
      runsPerPage: runs,
      pages: pages.map(({ variant, url, runs: measured, offHost }) => {
        return {
          name: variant.name,
          label: variant.label,
          url,
          median: medianFigures(measured),
          runs: measured,
          offHostRequests: [...offHost],
        };
      }),
    };
  } finally {
    chrome.kill();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Report

interface WidgetResults {
  date: string;
  node: string;
  cpus: string;
  commit: string | null;
  loadAverageAtStart: number;
  /** KiB of 1024 bytes; each budget is met when both the bytes as sent and gzip -9 are within it */
  budgetsBytes: typeof BUDGETS;
  sizes: SizeResults;
  lighthouse: LighthouseResults;
}

const commit = () => measuredCommit(ROOT);

const mark = (met: boolean) => (met ? '✓' : '✗');
const bytes = (value: number | null) =>
  value === null ? 'n/a' : value < KIB ? `${value} B` : `${(value / KIB).toFixed(1)} KiB`;
const budget = (value: number) => `≤ ${bytes(value)}`;
const counted = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;
const LANGUAGE_NAMES: Record<Lang, string> = { lv: 'Latvian', ru: 'Russian' };
const WIDGET_NAMES: Record<WidgetKind, string> = { calculator: 'Calculator', application: 'Application' };

const SIZE_HEADERS = ['Figure', 'gzip, as sent', 'gzip -9', 'as Chromium got it', 'Budget', ''];
const LIGHTHOUSE_HEADERS = ['Page', 'Perf', 'FCP', 'LCP', 'TBT', 'CLS', 'Transfer', 'of it, widget'];

/** The three sizes, naming the encodings where the server did not send gzip, and Chromium's always. */
function sizeCells(size: SizeFigure | FileSize): string[] {
  const [encodings, browserEncodings] =
    'files' in size ? [size.encodings, size.browserEncodings] : [[size.encoding], [size.browserEncoding]];
  const named = (list: string[]) => (list.length ? ` (${list.join(', ')})` : '');
  return [
    `${bytes(size.sentBytes)}${named(encodings.some((encoding) => encoding !== 'gzip') ? encodings : [])}`,
    bytes(size.gzip9Bytes),
    `${bytes(size.browserBytes)}${named(browserEncodings)}`,
  ];
}

function sizeRows(sizes: SizeResults): string[][] {
  const { loader, hostScript } = sizes;
  const rows = [
    [`Loader \`${loader.path}\``, ...sizeCells(loader), budget(loader.budgetBytes), mark(loader.met)],
    [`Host script \`${hostScript.path}\``, ...sizeCells(hostScript), '', ''],
  ];
  for (const frame of sizes.frames) {
    const name = `${WIDGET_NAMES[frame.widget]} iframe (${LANGUAGE_NAMES[frame.lang]})`;
    const { js, html, css, fonts, other } = frame.byKind;
    rows.push([
      `${name}: JavaScript, ${counted(js.files, 'file')}`,
      ...sizeCells(js),
      budget(frame.budgetBytes),
      mark(frame.met),
    ]);
    rows.push([`${name}: HTML`, ...sizeCells(html), '', '']);
    rows.push([`${name}: CSS, ${counted(css.files, 'file')}`, ...sizeCells(css), '', '']);
    rows.push([`${name}: fonts, ${counted(fonts.files, 'file')}`, ...sizeCells(fonts), '', '']);
    if (other.files > 0) rows.push([`${name}: other, ${counted(other.files, 'file')}`, ...sizeCells(other), '', '']);
  }
  for (const { widget, fromProduct, byKind: kinds } of sizes.embedded) {
    const name = `${WIDGET_NAMES[widget]} in the article`;
    rows.push([
      `${name}: all from the product, ${counted(fromProduct.files, 'file')}`,
      ...sizeCells(fromProduct),
      '',
      '',
    ]);
    rows.push([`${name}: of it JavaScript, ${counted(kinds.js.files, 'file')}`, ...sizeCells(kinds.js), '', '']);
  }
  return rows;
}

function delta(value: number | null, base: number | null, format: (difference: number) => string): string {
  if (value === null || base === null) return '';
  const difference = value - base;
  if (Math.abs(difference) < 1e-9) return ' (±0)';
  return ` (${difference > 0 ? '+' : '−'}${format(Math.abs(difference))})`;
}

function lighthouseRows(results: LighthouseResults): string[][] {
  const base = results.pages[0]?.median;
  return results.pages.map(({ label, median: figures }, index) => {
    const compare = index > 0 && base;
    const d = (key: keyof LighthouseFigures, format: (difference: number) => string) =>
      compare ? delta(figures[key], base[key], format) : '';
    return [
      `Article ${label}`,
      `${figures.score ?? 'n/a'}${d('score', String)}`,
      `${formatMs(figures.fcpMs)}${d('fcpMs', formatMs)}`,
      `${formatMs(figures.lcpMs)}${d('lcpMs', formatMs)}`,
      `${formatMs(figures.tbtMs)}${d('tbtMs', formatMs)}`,
      `${figures.cls === null ? 'n/a' : figures.cls.toFixed(3)}${d('cls', (difference) => difference.toFixed(3))}`,
      bytes(figures.transferBytes),
      index > 0 ? bytes(figures.widgetTransferBytes) : '',
    ];
  });
}

/** Which element was the LCP, when it came unthrottled, and what moved: what the simulated figures rest on. */
function lighthouseNotes(results: LighthouseResults): string[] {
  const elements = (page: LighthousePage) =>
    [...new Set(page.runs.map((run) => run.lcpElement ?? 'none found'))].map((element) => `\`${element}\``).join(', ');
  const lcp = results.pages.map(
    (page) => `${page.label}: ${elements(page)}, ${formatMs(page.median.observedLcpMs)} observed`,
  );
  const shifts = results.pages
    .map((page) => {
      // shifts below 0.001 are rounding noise of the iframe's own resizes
      const last = (page.runs.at(-1)?.layoutShifts ?? []).filter(({ score }) => score >= 0.001);
      const moved = last.map(({ element, score }) => `\`${element}\` ${score.toFixed(3)}`).join(', ');
      return moved ? `${page.label}: ${moved}` : '';
    })
    .filter(Boolean);
  return [
    `LCP element and LCP as Chromium observed it, unthrottled (median): ${lcp.join('; ')}. Lighthouse's simulation ` +
      'counts every request started before the observed LCP as holding it up, async scripts included, so the ' +
      "widget's loader and host script can raise the simulated LCP while the page paints as early.",
    '',
    ...(shifts.length ? [`Layout shifts (last run): ${shifts.join('; ')}.`, ''] : []),
  ];
}

function table(headers: string[], alignment: string[], rows: string[][]): string[] {
  const line = (row: string[]) => `| ${row.join(' | ')} |`;
  return [line(headers), line(alignment), ...rows.map(line)];
}

function markdown(results: WidgetResults): string {
  const { sizes, lighthouse } = results;
  const offHost = lighthouse.pages.flatMap((page) => page.offHostRequests.map((url) => `${page.url}: ${url}`));
  return [
    `# Widget benchmarks, ${results.date.slice(0, 10)}`,
    '',
    `Node ${results.node}, ${results.cpus}, commit ${results.commit ?? 'unknown'}, ` +
      `load average at start ${results.loadAverageAtStart}.`,
    '',
    '## Transfer sizes',
    '',
    ...table(SIZE_HEADERS, ['---', '---:', '---:', '---:', '---', '---'], sizeRows(sizes)),
    '',
    '"gzip, as sent": the body bytes the product server sends to a request with `accept-encoding: gzip` (gzip ' +
      'unless another encoding is named). "gzip -9": each file compressed at level 9 here, as ' +
      'tests/e2e/size-budget.spec.ts counts. A budget is met (✓) when both are within it; KiB are 1024 bytes. ' +
      `"as Chromium got it": the encoded bodies Chromium itself received, asking with \`accept-encoding: ` +
      `${sizes.browserAcceptEncoding}\`. An iframe page is loaded on its own in headless Chromium until the ` +
      'network is idle and its first slider or button shows: its JavaScript is the entry and every chunk it ' +
      'loaded, before any interaction. "In the article": the publisher page with the widget, everything the ' +
      'browser fetched from the product (loader, host script, iframe page and its files).',
    '',
    `## Lighthouse on a publisher's article (mobile, simulated throttling, median of ${counted(lighthouse.runsPerPage, 'run')})`,
    '',
    ...table(LIGHTHOUSE_HEADERS, ['---', ...LIGHTHOUSE_HEADERS.slice(1).map(() => '---:')], lighthouseRows(lighthouse)),
    '',
    `Lighthouse ${lighthouse.lighthouseVersion}, performance only. The same article each time (a heading, a byline, ` +
      'eight paragraphs, no images), the embed snippet (the element and the async loader) after its second ' +
      "paragraph, in a phone's first screen; in brackets the difference from the article without a widget. Each " +
      'figure is the median of its own runs; the pages took turns. The publisher is another origin on the same ' +
      "host (another port), so the widget's iframe shares the page's renderer process and main thread, as on most " +
      'phones, where Chromium isolates only some sites: its work counts in TBT. "Transfer": Lighthouse\'s total ' +
      'byte weight, response headers included; "of it, widget": what came from the product.',
    '',
    ...lighthouseNotes(lighthouse),
    ...(offHost.length ? ['Requests outside 127.0.0.1:', '', ...offHost.map((url) => `- ${url}`), ''] : []),
  ].join('\n');
}

function textSummary(results: WidgetResults): string {
  const pad = (headers: string[], body: string[][]) => {
    const rows = [headers, ...body];
    const widths = headers.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length)));
    return rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ')).join('\n');
  };
  return [
    pad(SIZE_HEADERS, sizeRows(results.sizes)),
    '',
    pad(LIGHTHOUSE_HEADERS, lighthouseRows(results.lighthouse)),
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const options = optionsFromEnv();
  if (!options.skipBuild) await run('npm', ['run', 'build']);

  const cpu = cpus();
  const date = new Date().toISOString();
  const loadAverageAtStart = Math.round((loadavg()[0] ?? 0) * 100) / 100;
  const productPort = options.productPort ?? (await findFreePort());
  const publisherPort = options.publisherPort ?? (await findFreePort());
  const productOrigin = `http://${HOST}:${productPort}`;
  const publisherOrigin = `http://${HOST}:${publisherPort}`;

  const product = startServer(productPort, { DATA_DIR: 'memory', SANDBOX_LENDER_DELAY_MS: '0' });
  let publisher: Server | undefined;
  let sizes: SizeResults;
  let lighthouse: LighthouseResults;
  try {
    await waitUntilUp(`${productOrigin}/`, product);
    publisher = await startPublisher(publisherPort, productOrigin);
    sizes = await measureSizes(productOrigin, publisherOrigin);
    lighthouse = await runLighthouse(publisherOrigin, productOrigin, options.runs);
  } finally {
    publisher?.close();
    publisher?.closeAllConnections();
    await stopServer(product);
  }

  const results: WidgetResults = {
    date,
    node: process.version,
    cpus: `${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}`,
    commit: commit(),
    loadAverageAtStart,
    budgetsBytes: BUDGETS,
    sizes,
    lighthouse,
  };
  await mkdir(RESULTS_DIR, { recursive: true });
  await writeFile(join(RESULTS_DIR, 'widgets.json'), `${JSON.stringify(results, null, 2)}\n`);
  await writeFile(join(RESULTS_DIR, 'widgets.md'), markdown(results));
  console.log(`\n${textSummary(results)}\n\nWritten: ${RESULTS_DIR}/widgets.{json,md}`);
}

if (import.meta.main) {
  try {
    await main();
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  }
}
