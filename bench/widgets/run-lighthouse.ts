import type { Result } from 'lighthouse';
import { launchChrome } from '../bench-processes.ts';
import { auditPage, offHostRequests } from '../lighthouse.ts';
import { VARIANTS } from './article.ts';
import {
  assertWidgetLoaded,
  figures,
  medianFigures,
  type LighthouseResults,
  type LighthouseRun,
} from './lighthouse-figures.ts';

export async function runLighthouse(
  publisherOrigin: string,
  productOrigin: string,
  runs: number,
): Promise<LighthouseResults> {
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
