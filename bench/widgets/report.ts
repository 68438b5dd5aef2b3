import { formatMs } from '../lighthouse.ts';
import type { BUDGETS } from './budgets.ts';
import type { LighthousePage, LighthouseResults } from './lighthouse-figures.ts';
import { counted, LIGHTHOUSE_HEADERS, lighthouseRows, SIZE_HEADERS, sizeRows } from './report-rows.ts';
import type { SiteSizes } from '../site-sizes.ts';
import type { SizeResults } from './sizes.ts';

export interface WidgetResults {
  date: string;
  node: string;
  cpus: string;
  commit: string | null;
  loadAverageAtStart: number;
  /** KiB of 1024 bytes; each budget is met when both the bytes as sent and gzip -9 are within it */
  budgetsBytes: typeof BUDGETS;
  sizes: SizeResults;
  /** the site's own pages measured the same way on the same server, for bench/goals.ts */
  siteSizes: SiteSizes;
  lighthouse: LighthouseResults;
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

export function markdown(results: WidgetResults): string {
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
      "eight paragraphs, no images), the embed snippet as the publishers' page writes it (the element and the script " +
      'that adds the loader once the page has loaded) after its second ' +
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

export function textSummary(results: WidgetResults): string {
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
