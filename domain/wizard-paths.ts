import type { Language } from './language.ts';
import { firstStepKey, PRERENDERED_FIRST_STEPS, type Preselection } from './preselection.ts';

/**
 * The workflow's URLs (spec section 2): one path per step the applicant can stand on, Russian under
 * /ru, under /applicantWorkflow or the multistep segment. Each state of the application machine
 * declares its step and screen (`StepMeta`); a path asks the machine for a step.
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
/** The base the site's own links and the server's return addresses use. */
export const DEFAULT_WORKFLOW_BASE: WorkflowBase = 'applicantWorkflow';

export interface WorkflowLocation {
  readonly lang: Language;
  readonly base: WorkflowBase;
  /** null: a workflow path that names no step (the bare base, or an unknown segment) */
  readonly step: WorkflowStep | null;
}

/** The path of a step, e.g. `/ru/applicantWorkflow/offers`. */
export function pathOfStep(step: WorkflowStep, lang: Language, base: WorkflowBase = DEFAULT_WORKFLOW_BASE): string {
  return `${lang === 'ru' ? '/ru' : ''}/${base}/${step}`;
}

const PATH = /^(\/ru)?\/(applicantWorkflow|multistep)(?:\/(.*?))?\/?$/;

/** Whether a path is the workflow's (the site's pages check this without the list of steps). */
export const isWorkflowPath = (pathname: string): boolean => PATH.test(pathname);

/** The workflow location of a path, or null when the path is not the workflow's. */
export function locationOfPath(pathname: string): WorkflowLocation | null {
  const match = PATH.exec(pathname);
  if (!match) return null;
  const rest = match[3] ?? '';
  const step = (WORKFLOW_STEPS as readonly string[]).includes(rest) ? (rest as WorkflowStep) : null;
  return { lang: match[1] ? 'ru' : 'lv', base: match[2] as WorkflowBase, step };
}

/**
 * The screens of the wizard, each with its title (`workflow:steps.<screen>`). Several steps may show one
 * screen (the method choice with and without its error, the form after a refusal).
 */
export const WORKFLOW_SCREENS = [
  'loading',
  'enteringEssence',
  'choosingMethod',
  'confirmingIdentity',
  'waiting',
  'noOffers',
  'offers',
  'offerChosen',
  'signing',
  'paid',
  'error',
] as const;
export type WorkflowScreen = (typeof WORKFLOW_SCREENS)[number];

/**
 * What a state of the application machine declares in its `meta`: the screen it shows and the step
 * (path) it stands at. A state without a step (on its way somewhere) leaves the address as it is.
 */
export interface StepMeta {
  readonly screen: WorkflowScreen;
  readonly step?: WorkflowStep;
}

/** The first step of a new application in a language. */
export const newApplicationPath = (lang: Language): string => pathOfStep('enteringEssence', lang);

/** The query parameter that carries a one-time handoff code from a widget to the site's wizard. */
export const HANDOFF_PARAM = 'handoff';

/** The query parameters by which a link (the calculator's) preselects the loan on the first step. */
export const PRESELECTION_PARAMS = { purpose: 'type', amount: 'amount', term: 'term' } as const;

/** A number from the address, or null. */
const numberParam = (params: URLSearchParams, name: string): number | null => {
  const value = Number(params.get(name));
  return params.has(name) && Number.isFinite(value) ? value : null;
};

/** The loan the first step's address preselects (`?type=&amount=&term=`, the calculators' links). */
export const preselectionOfAddress = (params: URLSearchParams): Preselection => ({
  purpose: params.get(PRESELECTION_PARAMS.purpose),
  amount: numberParam(params, PRESELECTION_PARAMS.amount),
  term: numberParam(params, PRESELECTION_PARAMS.term),
});

/**
 * The prerendered first step the address asks for, by its key (domain/preselection.ts): the one without a
 * preselection, or one of the site's own links' loans. null when none serves: a handoff from a widget, or a loan no
 * page was written for; the server then sends the page the wizard draws itself.
 */
export function prerenderedFirstStepOf(params: URLSearchParams): string | null {
  if (params.has(HANDOFF_PARAM)) return null;
  const key = firstStepKey(preselectionOfAddress(params));
  return PRERENDERED_FIRST_STEPS.has(key) ? key : null;
}

/**
 * The fragment of the wizard's address that points at one documents request of the application, e.g.
 * `#dokumenti-<request id>` (Russian: `#dokumenty-<request id>`, transliterated as the site's Russian addresses
 * are). A message about a lender's request lands on it (the continue link's redirect carries it); the id is the
 * request's own (`documentRequests[].id` of the status), never anything of the person. A fragment never reaches
 * a server or its logs.
 */
const DOCUMENT_REQUEST_FRAGMENT: Readonly<Record<Language, string>> = { lv: 'dokumenti', ru: 'dokumenty' };

/** The fragment (without `#`) that opens documents request `requestId`. */
export const documentRequestFragment = (lang: Language, requestId: string): string =>
  `${DOCUMENT_REQUEST_FRAGMENT[lang]}-${requestId}`;

const DOCUMENT_REQUEST_HASH =
  /^#?(?:dokumenti|dokumenty)-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** The documents request an address's fragment (`location.hash`, with or without `#`) points at, or null. */
export function documentRequestOfFragment(hash: string): string | null {
  return DOCUMENT_REQUEST_HASH.exec(hash)?.[1]?.toLowerCase() ?? null;
}

/** The prerendered first step's page for a key of `prerenderedFirstStepOf`, as the build writes it (`.lv.html`…). */
export const firstStepPageName = (key: string): string =>
  key === '' ? '_workflow-first-step' : `_workflow-first-step.${key}`;
