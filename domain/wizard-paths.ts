import type { Language } from './language.ts';
import { PRODUCT_PURPOSE, type ProductKey } from './loan-options.ts';

/**
 * The workflow's URLs (spec section 2): one path per step the applicant can stand on, Russian under
 * /ru, under /applicantWorkflow or the multistep segment. The machine's state decides the step; the
 * step decides the path, and a path asks the machine for a step.
 */
export const WORKFLOW_STEPS = [
  'enteringEssence',
  'enteringEssence/failed',
  'enteringEssence/error',
  'choosingIdConfirmationMethodNoError',
  'choosingIdConfirmationMethodWithError',
  'confirmingIdentity',
  'waiting',
  'noOffers',
  'offers',
  'offerChosen',
  'signing',
  'paid',
  'error',
] as const;
export type WorkflowStep = (typeof WORKFLOW_STEPS)[number];

export const WORKFLOW_BASES = ['applicantWorkflow', 'multistep'] as const;
export type WorkflowBase = (typeof WORKFLOW_BASES)[number];

export interface WorkflowLocation {
  readonly lang: Language;
  readonly base: WorkflowBase;
  /** null: a workflow path that names no step (the bare base, or an unknown segment) */
  readonly step: WorkflowStep | null;
}

/** What a snapshot needs to answer `matches` and `value`; the machine's own snapshot has both. */
interface StateLike {
  readonly value: unknown;
}

const topState = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'object' && value ? (Object.keys(value)[0] ?? '') : '';
const childState = (value: unknown, parent: string): string | undefined =>
  typeof value === 'object' && value ? ((value as Record<string, unknown>)[parent] as string | undefined) : undefined;

/** The step a state is shown at; null while the machine is on its way (restoring, loading, routing, starting). */
export function stepOfState({ value }: StateLike): WorkflowStep | null {
  const top = topState(value);
  switch (top) {
    case 'enteringEssence': {
      const child = childState(value, top);
      if (child === 'failed') return 'enteringEssence/failed';
      if (child === 'error') return 'enteringEssence/error';
      return 'enteringEssence';
    }
    case 'choosingMethod':
      return childState(value, top) === 'identificationFailed'
        ? 'choosingIdConfirmationMethodWithError'
        : 'choosingIdConfirmationMethodNoError';
    case 'confirmingIdentity':
    case 'waiting':
    case 'noOffers':
    case 'offers':
    case 'offerChosen':
    case 'signing':
    case 'paid':
    case 'error':
      return top;
    case 'choosingOffer':
      return 'offers';
    default:
      return null;
  }
}

export function pathOfStep(step: WorkflowStep, lang: Language, base: WorkflowBase = 'applicantWorkflow'): string {
  return `${lang === 'ru' ? '/ru' : ''}/${base}/${step}`;
}

const PATH = /^(\/ru)?\/(applicantWorkflow|multistep)(?:\/(.*?))?\/?$/;

/** The workflow location of a path, or null when the path is not the workflow's. */
export function locationOfPath(pathname: string): WorkflowLocation | null {
  const match = PATH.exec(pathname);
  if (!match) return null;
  const rest = match[3] ?? '';
  const step = (WORKFLOW_STEPS as readonly string[]).includes(rest) ? (rest as WorkflowStep) : null;
  return { lang: match[1] ? 'ru' : 'lv', base: match[2] as WorkflowBase, step };
}

/** Steps that are variants of one screen: moving between them replaces the history entry. */
export const screenOfStep = (step: WorkflowStep): string => step.split('/')[0] ?? step;

/** The screen (and its title) of a step: both method-choice paths show the one method choice. */
export const screenNameOfStep = (step: WorkflowStep): string => {
  const screen = screenOfStep(step);
  return screen.startsWith('choosingIdConfirmationMethod') ? 'choosingMethod' : screen;
};

/** The first step of a new application in a language. */
export const newApplicationPath = (lang: Language): string => pathOfStep('enteringEssence', lang);

/** Link into the application with the chosen figures; nothing personal travels in it. */
export function applicationHref(
  lang: Language,
  product: ProductKey,
  figures: { readonly amount: number; readonly months: number },
): string {
  const params = new URLSearchParams({
    type: PRODUCT_PURPOSE[product],
    amount: String(figures.amount),
    term: String(figures.months),
  });
  return `${newApplicationPath(lang)}?${params.toString()}`;
}

/** The query parameter that carries a one-time handoff code from a widget to the site's wizard. */
export const HANDOFF_PARAM = 'handoff';
