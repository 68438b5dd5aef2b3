/**
 * The JavaScript the site's own pages load before any interaction, counted as tests/e2e/size-budget.spec.ts counts it
 * (gzip -9 of every script body, in headless Chromium until the network is idle and the first control shows): the
 * home page in both languages and the wizard's first step in both. bench/lighthouse.ts runs it on its server.
 */
import { launchBrowser } from './widgets/browser.ts';
import { KIB } from './widgets/budgets.ts';
import { loadAndRecord } from './widgets/recording.ts';
import type { Lang } from './widgets/sizes.ts';

/** The same budgets as tests/e2e/size-budget.spec.ts, in bytes of gzip -9. */
export const SITE_BUDGETS = { home: 90 * KIB, wizard: 100 * KIB } as const;
export type SitePage = keyof typeof SITE_BUDGETS;

export interface SiteScriptSize {
  page: SitePage;
  lang: Lang;
  path: string;
  files: number;
  gzip9Bytes: number;
  budgetBytes: number;
}

export type SiteSizes = SiteScriptSize[];

const PAGES: readonly { page: SitePage; lang: Lang; path: string; ready: 'slider' | 'button' }[] = [
  { page: 'home', lang: 'lv', path: '/', ready: 'slider' },
  { page: 'home', lang: 'ru', path: '/ru', ready: 'slider' },
  { page: 'wizard', lang: 'lv', path: '/applicantWorkflow/enteringEssence', ready: 'button' },
  { page: 'wizard', lang: 'ru', path: '/ru/applicantWorkflow/enteringEssence', ready: 'button' },
];

export async function measureSiteSizes(origin: string): Promise<SiteSizes> {
  const browser = await launchBrowser();
  try {
    const sizes: SiteSizes = [];
    for (const { page, lang, path, ready } of PAGES) {
      const { files } = await loadAndRecord(browser, `${origin}${path}`, (loaded) => loaded.getByRole(ready).first());
      const scripts = files.filter((file) => file.kind === 'js');
      sizes.push({
        page,
        lang,
        path,
        files: scripts.length,
        gzip9Bytes: scripts.reduce((sum, file) => sum + file.gzip9Bytes, 0),
        budgetBytes: SITE_BUDGETS[page],
      });
    }
    return sizes;
  } finally {
    await browser.close();
  }
}
