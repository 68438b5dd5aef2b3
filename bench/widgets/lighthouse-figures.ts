import type { Result } from 'lighthouse';
import { WIDGET_BASE_PATH } from '../../domain/widget-protocol/constants.ts';
import { numericValue, tableItems, toScore } from '../lighthouse.ts';
import type { Variant } from './article.ts';

export interface LighthouseFigures {
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
export interface LighthouseRun extends LighthouseFigures {
  lcpElement: string | null;
  layoutShifts: { element: string; score: number }[];
}

export interface LighthousePage {
  name: Variant['name'];
  label: string;
  url: string;
  /** the median of each figure over the runs, on its own */
  median: LighthouseFigures;
  runs: LighthouseRun[];
  /** anything loaded from outside 127.0.0.1; should stay empty */
  offHostRequests: string[];
}

export interface LighthouseResults {
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

export function figures(lhr: Result, productOrigin: string): LighthouseRun {
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
export function assertWidgetLoaded(lhr: Result, variant: Variant, productOrigin: string): void {
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

export function medianFigures(runs: readonly LighthouseFigures[]): LighthouseFigures {
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
