import { WIDGET_KINDS, type WidgetKind } from '../../domain/widget-protocol/config.ts';
import { WIDGET_BASE_PATH } from '../../domain/widget-protocol/constants.ts';
import { VARIANTS } from './article.ts';
import { launchBrowser } from './browser.ts';
import { BUDGETS } from './budgets.ts';
import { loadAndRecord } from './recording.ts';
import {
  byKind,
  fileSize,
  LANGS,
  sum,
  within,
  type EmbeddedSizes,
  type FrameSizes,
  type RecordedFile,
  type SizeResults,
} from './sizes.ts';

/** What shows when a widget's iframe page is ready for the visitor: the calculator's slider, the form's button. */
const READY_ROLE: Record<WidgetKind, 'slider' | 'button'> = { calculator: 'slider', application: 'button' };

export async function measureSizes(productOrigin: string, publisherOrigin: string): Promise<SizeResults> {
  const browser = await launchBrowser();
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
