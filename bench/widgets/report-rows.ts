import type { WidgetKind } from '../../domain/widget-protocol/config.ts';
import { formatMs } from '../lighthouse.ts';
import { KIB } from './budgets.ts';
import type { LighthouseFigures, LighthouseResults } from './lighthouse-figures.ts';
import type { FileSize, Lang, SizeFigure, SizeResults } from './sizes.ts';

const mark = (met: boolean) => (met ? '✓' : '✗');
const bytes = (value: number | null) =>
  value === null ? 'n/a' : value < KIB ? `${value} B` : `${(value / KIB).toFixed(1)} KiB`;
const budget = (value: number) => `≤ ${bytes(value)}`;
export const counted = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;
const LANGUAGE_NAMES: Record<Lang, string> = { lv: 'Latvian', ru: 'Russian' };
const WIDGET_NAMES: Record<WidgetKind, string> = { calculator: 'Calculator', application: 'Application' };

export const SIZE_HEADERS = ['Figure', 'gzip, as sent', 'gzip -9', 'as Chromium got it', 'Budget', ''];
export const LIGHTHOUSE_HEADERS = ['Page', 'Perf', 'FCP', 'LCP', 'TBT', 'CLS', 'Transfer', 'of it, widget'];

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

export function sizeRows(sizes: SizeResults): string[][] {
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

export function lighthouseRows(results: LighthouseResults): string[][] {
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
