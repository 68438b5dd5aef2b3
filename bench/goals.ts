/**
 * The speed goals, each as one line: the figure this run measured, the goal, and whether it is met. bench/run.ts
 * prints them last and writes them to bench/results/goals.md; a figure whose bench did not run (or failed) says so.
 */
import type { WidgetKind } from '../domain/widget-protocol/config.ts';
import type { SiteSizes } from './site-sizes.ts';
import type { StatusThroughputResult } from './status-throughput.ts';
import { KIB } from './widgets/budgets.ts';
import type { Lang, SizeResults } from './widgets/sizes.ts';

export interface Goal {
  figure: string;
  measured: string;
  goal: string;
  /** null: not measured in this run */
  met: boolean | null;
}

interface LighthousePageResult {
  name: string;
  scores: { performance: number | null };
  metrics: { lcpMs: number | null; tbtMs: number | null; cls: number | null };
}

export interface LighthouseJson {
  runsPerPage?: number;
  pages: LighthousePageResult[];
}

export interface WidgetsJson {
  sizes: SizeResults;
  siteSizes?: SiteSizes;
  lighthouse?: WidgetArticleLighthouse;
}

/** What goals.ts reads of the widgets bench's Lighthouse runs on the publisher's article (bench/widgets/). */
export interface WidgetArticleLighthouse {
  runsPerPage: number;
  pages: {
    name: string;
    median: { lcpMs: number | null; cls: number | null; widgetTransferBytes: number };
  }[];
}

/** Every budget is to keep this much room: what is measured may be at most the budget less 5 kB. */
export const BUDGET_MARGIN = 5 * KIB;
export const HOME_GOALS = { performance: 100, lcpMs: 1250, tbtMs: 50, cls: 0.05 } as const;
/** The wizard's first step, where people apply: all but a perfect score, with the home page's paint and blocking. */
export const WIZARD_GOALS = { performance: 98, lcpMs: 1250, tbtMs: 50, cls: 0.05 } as const;
type PageGoals = typeof HOME_GOALS | typeof WIZARD_GOALS;

/** Issue 36: a widget must not hurt the publisher's page it stands on. */
export const WIDGET_ARTICLE_GOALS = {
  cls: 0.01,
  lcpDeltaMs: 100,
  widgetBytes: { calculator: 150 * KIB, application: 220 * KIB },
} as const satisfies { cls: number; lcpDeltaMs: number; widgetBytes: Record<WidgetKind, number> };

const LANGUAGE: Record<Lang, string> = { lv: 'Latvian', ru: 'Russian' };
/** The pages of bench/lighthouse.ts with goals of their own, by language. */
const AUDITED: readonly { title: string; pages: Record<Lang, string>; goals: PageGoals }[] = [
  { title: 'Home', pages: { lv: 'home', ru: 'home-ru' }, goals: HOME_GOALS },
  { title: "Wizard's first step", pages: { lv: 'wizard', ru: 'wizard-ru' }, goals: WIZARD_GOALS },
];
const WIDGET: Record<WidgetKind, string> = { calculator: 'Calculator widget', application: 'Application widget' };

const kib = (bytes: number) => `${(bytes / KIB).toFixed(1)} kB`;
const unmeasured = (figure: string, goal: string): Goal => ({ figure, measured: 'not measured', goal, met: null });

function lighthouseGoals(lighthouse: LighthouseJson | null): Goal[] {
  const goals: Goal[] = [];
  const runs = lighthouse?.runsPerPage;
  for (const { title, pages, goals: target } of AUDITED) {
    for (const lang of ['lv', 'ru'] as const) {
      const page = lighthouse?.pages.find((candidate) => candidate.name === pages[lang]);
      const name = (what: string) => `${title} (${LANGUAGE[lang]}) ${what}${runs ? `, median of ${runs}` : ''}`;
      const format = (what: string, value: number) =>
        what === 'CLS' ? value.toFixed(3) : what === 'performance' ? String(value) : `${Math.round(value)} ms`;
      const line = (what: string, value: number | null | undefined, goal: string, met: (value: number) => boolean) =>
        value === null || value === undefined
          ? unmeasured(name(what), goal)
          : { figure: name(what), measured: format(what, value), goal, met: met(value) };
      const best = target.performance === 100 ? '100' : `≥ ${target.performance}`;
      goals.push(
        line('performance', page?.scores.performance, best, (value) => value >= target.performance),
        line('LCP', page?.metrics.lcpMs, `≤ ${target.lcpMs} ms`, (value) => value <= target.lcpMs),
        line('TBT', page?.metrics.tbtMs, `≤ ${target.tbtMs} ms`, (value) => value <= target.tbtMs),
        line('CLS', page?.metrics.cls, `≤ ${target.cls}`, (value) => value <= target.cls),
      );
    }
  }
  return goals;
}

/** A budget's figure and its margin: the JavaScript within the budget, and at least 5 kB under it. */
function budgetGoals(figure: string, bytes: number | null, budget: number): Goal[] {
  const goal = `≤ ${kib(budget)} (budget)`;
  const marginGoal = `≥ ${kib(BUDGET_MARGIN)} (≤ ${kib(budget - BUDGET_MARGIN)})`;
  if (bytes === null) return [unmeasured(figure, goal), unmeasured(`${figure}: margin`, marginGoal)];
  return [
    { figure, measured: kib(bytes), goal, met: bytes <= budget },
    {
      figure: `${figure}: margin`,
      measured: kib(budget - bytes),
      goal: marginGoal,
      met: budget - bytes >= BUDGET_MARGIN,
    },
  ];
}

function sizeGoals(widgets: WidgetsJson | null): Goal[] {
  const goals: Goal[] = [];
  for (const page of ['home', 'wizard'] as const) {
    for (const lang of ['lv', 'ru'] as const) {
      const size = widgets?.siteSizes?.find((entry) => entry.page === page && entry.lang === lang);
      const name = page === 'home' ? 'Home' : "Wizard's first step";
      const budget = size?.budgetBytes ?? (page === 'home' ? 90 * KIB : 100 * KIB);
      goals.push(...budgetGoals(`${name} (${LANGUAGE[lang]}) JavaScript, gzip -9`, size?.gzip9Bytes ?? null, budget));
    }
  }
  for (const kind of ['application', 'calculator'] as const) {
    for (const lang of ['lv', 'ru'] as const) {
      const frame = widgets?.sizes.frames.find((entry) => entry.widget === kind && entry.lang === lang);
      // the larger of the two gzip figures the widgets bench gives: as the server sends it and gzip -9
      const bytes = frame ? Math.max(frame.byKind.js.sentBytes, frame.byKind.js.gzip9Bytes) : null;
      goals.push(
        ...budgetGoals(`${WIDGET[kind]} (${LANGUAGE[lang]}) JavaScript, gzip`, bytes, frame?.budgetBytes ?? 0),
      );
    }
  }
  return goals;
}

/** CLS, LCP against the same article without a widget, and the bytes from our server, of each widget in the article. */
export function widgetArticleGoals(widgets: WidgetsJson | null): Goal[] {
  const lighthouse = widgets?.lighthouse;
  const median = (name: string) => lighthouse?.pages.find((page) => page.name === name)?.median;
  const withoutLcp = median('none')?.lcpMs ?? null;
  const runs = lighthouse ? `, median of ${lighthouse.runsPerPage}` : '';
  const { cls, lcpDeltaMs, widgetBytes } = WIDGET_ARTICLE_GOALS;
  const goals: Goal[] = [];
  for (const kind of ['calculator', 'application'] as const) {
    const page = median(kind);
    const figure = (what: string) => `Publisher's article with the ${kind} widget: ${what}${runs}`;
    const line = (what: string, value: number | null, goal: string, met: boolean, measured: string): Goal =>
      value === null ? unmeasured(figure(what), goal) : { figure: figure(what), measured, goal, met };
    const shift = page?.cls ?? null;
    const lcpDelta =
      page?.lcpMs !== undefined && page.lcpMs !== null && withoutLcp !== null ? page.lcpMs - withoutLcp : null;
    const bytes = page?.widgetTransferBytes ?? null;
    goals.push(
      line('CLS', shift, `≤ ${cls}`, (shift ?? Infinity) <= cls, (shift ?? 0).toFixed(3)),
      line(
        'LCP against the article without a widget',
        lcpDelta,
        `≤ +${lcpDeltaMs} ms`,
        (lcpDelta ?? Infinity) <= lcpDeltaMs,
        `${(lcpDelta ?? 0) < 0 ? '−' : '+'}${Math.abs(Math.round(lcpDelta ?? 0))} ms`,
      ),
      line(
        'bytes from our server',
        bytes,
        `≤ ${kib(widgetBytes[kind])}`,
        (bytes ?? Infinity) <= widgetBytes[kind],
        kib(bytes ?? 0),
      ),
    );
  }
  return goals;
}

function statusGoal(status: StatusThroughputResult | null): Goal {
  const figure = 'Status endpoint / bare Fastify, requests per second';
  if (!status) return unmeasured(figure, '≥ 0.7');
  return {
    figure,
    measured: `${status.ratio} (${status.statusRps} / ${status.bareRps})`,
    goal: `≥ ${status.details.targetRatio}`,
    met: status.details.met,
  };
}

export function speedGoals(
  lighthouse: LighthouseJson | null,
  widgets: WidgetsJson | null,
  status: StatusThroughputResult | null,
): Goal[] {
  return [...lighthouseGoals(lighthouse), ...sizeGoals(widgets), ...widgetArticleGoals(widgets), statusGoal(status)];
}

const verdict = (met: boolean | null) => (met === null ? 'n/a' : met ? 'pass' : 'FAIL');
const HEADERS = ['Goal', 'Measured', 'Target', ''];

export function goalsText(goals: readonly Goal[]): string {
  const rows = [HEADERS, ...goals.map((goal) => [goal.figure, goal.measured, goal.goal, verdict(goal.met)])];
  const widths = HEADERS.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length)));
  const line = (row: string[]) =>
    row
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  const met = goals.filter((goal) => goal.met === true).length;
  return [
    `Speed goals: ${met} of ${goals.length} met`,
    line(HEADERS),
    widths.map((width) => '-'.repeat(width)).join('  '),
    ...rows.slice(1).map(line),
  ].join('\n');
}

export function goalsMarkdown(goals: readonly Goal[], date: string, commit: string | null): string {
  const line = (row: string[]) => `| ${row.join(' | ')} |`;
  return [
    `# Speed goals, ${date.slice(0, 10)}`,
    '',
    `Commit ${commit ?? 'unknown'}. Lighthouse figures are medians of repeated audits (mobile, simulated ` +
      'throttling) on a shared 2-core machine; sizes are gzip of the JavaScript loaded before any interaction.',
    '',
    line(HEADERS),
    line(['---', '---:', '---', '---']),
    ...goals.map((goal) => line([goal.figure, goal.measured, goal.goal, verdict(goal.met)])),
    '',
  ].join('\n');
}

/** What bench/offers-responsiveness.ts writes that the goals read. */
export interface OffersResponsivenessJson {
  goalMs: number;
  cpuSlowdown: number;
  offers: { shown: number };
  interactions: Record<'sorting' | 'choosing', { medianMs: number; maxMs: number }>;
}

export const OFFERS_INP_GOAL_MS = 100;

/** The offers screen on a slow phone: the worst sorting and the worst choosing, as INP counts an interaction. */
export function offersResponsivenessGoals(offers: OffersResponsivenessJson | null): Goal[] {
  return (['sorting', 'choosing'] as const).map((kind) => {
    const figure = `Offers screen, 16 offers, 4x CPU: ${kind}, interaction to next paint`;
    const goal = `≤ ${OFFERS_INP_GOAL_MS} ms`;
    const figures = offers?.interactions[kind];
    if (!offers || !figures) return unmeasured(figure, goal);
    return {
      figure,
      measured: `${figures.maxMs} ms (median ${figures.medianMs} ms)`,
      goal,
      met: figures.maxMs <= OFFERS_INP_GOAL_MS,
    };
  });
}
