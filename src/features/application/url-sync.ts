import type { ApplicationActor, ApplicationEvent } from '../../../machines/application-machine.ts';
import { screenAfter, screenOfStep, stepMetaOf } from '../../../machines/application-steps.ts';
import type { Language } from '../../../domain/language.ts';
import {
  locationOfPath,
  pathOfStep,
  WORKFLOW_STEPS,
  type StepMeta,
  type WorkflowBase,
  type WorkflowScreen,
  type WorkflowStep,
} from '../../../domain/wizard-paths.ts';

/** The parts of `window` the sync uses; a test passes its own. */
export interface BrowserHistory {
  readonly location: { readonly pathname: string; readonly search: string; reload(): void };
  readonly history: Pick<History, 'pushState' | 'replaceState' | 'state'>;
  addEventListener(type: 'popstate', listener: () => void): void;
  removeEventListener(type: 'popstate', listener: () => void): void;
}

export interface UrlSyncOptions {
  readonly actor: ApplicationActor;
  readonly browser: BrowserHistory;
  readonly lang: Language;
  readonly base: WorkflowBase;
  /** where the back button leaves the wizard to from a page opened past the identification: the site's home */
  readonly exitPath: string;
  /** a step is shown: `first` for the one the page opened at */
  readonly onStep?: (shown: Required<StepMeta>, first: boolean) => void;
}

/** The events that move between steps the person has seen, as the back and forward buttons do. */
const NAVIGATION_EVENTS: readonly ApplicationEvent[] = [
  { type: 'EDIT_APPLICATION' },
  { type: 'CHOOSE_ANOTHER_METHOD' },
  { type: 'SHOW_OFFERS' },
];

/**
 * What the machine is asked when the person goes back (or forward) to another step: the event, if
 * any, that the machine would answer with that step's screen. A step the machine cannot go to from
 * where it is (a later step after starting over, say) gets no event, and the address goes back to
 * the step the applicant is on.
 */
export function eventToward(desired: WorkflowStep, actor: ApplicationActor): ApplicationEvent | null {
  const wanted = screenOfStep(desired);
  const snapshot = actor.getSnapshot();
  return NAVIGATION_EVENTS.find((event) => screenAfter(snapshot, event) === wanted) ?? null;
}

/**
 * A page opened at one of these screens was usually reached from a bank, eParaksts or a lender's
 * signing page, so the history entry behind it is that provider's page (a login that has expired).
 * The sync puts an entry of its own behind it instead: the step the back button should lead to, or
 * the site's home where no earlier step of the application can be gone back to.
 */
const ENTRY_BEHIND: Partial<Record<WorkflowScreen, WorkflowStep | 'exit'>> = {
  confirmingIdentity: 'choosingIdConfirmationMethodNoError',
  waiting: 'exit',
  offers: 'exit',
  noOffers: 'exit',
  offerChosen: 'offers',
  signing: 'exit',
  paid: 'exit',
};
const isBefore = (step: WorkflowStep, than: WorkflowStep): boolean =>
  WORKFLOW_STEPS.indexOf(step) < WORKFLOW_STEPS.indexOf(than);
const isPastIdentification = (step: WorkflowStep): boolean => !isBefore(step, 'confirmingIdentity');

/** Marks the entries the sync wrote on opening, so a reload does not add another one behind. */
const GUARDED = 'kreditkompassEntryBehind';
const isGuarded = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && (state as Record<string, unknown>)[GUARDED] === true;

/** The step a snapshot stands at, with its screen; null while the machine is on its way. */
function shownStep(actor: ApplicationActor): Required<StepMeta> | null {
  const { screen, step } = stepMetaOf(actor.getSnapshot());
  return step ? { screen, step } : null;
}

/**
 * The URL follows the machine and the machine follows the URL. A new step pushes a history entry,
 * so the back button works; the first step shown, variants of one screen and the answers to the
 * back button replace the entry instead. The query (`?type=`, amount, term) stays on the form only.
 */
export function syncWorkflowUrl({ actor, browser, lang, base, exitPath, onStep }: UrlSyncOptions): () => void {
  let shown: Required<StepMeta> | null = null;
  let answeringNavigation = false;

  const write = ({ screen, step }: Required<StepMeta>, replace: boolean) => {
    const path = pathOfStep(step, lang, base);
    if (browser.location.pathname === path) return;
    const search = screen === 'enteringEssence' ? browser.location.search : '';
    browser.history[replace ? 'replaceState' : 'pushState'](null, '', path + search);
  };

  /** The first step shown on this page: its address, with an entry of the wizard's own behind it if it needs one. */
  const open = (now: Required<StepMeta>) => {
    const behind = ENTRY_BEHIND[now.screen];
    if (behind === undefined || isGuarded(browser.history.state)) {
      write(now, true);
      return;
    }
    const marked = { [GUARDED]: true };
    browser.history.replaceState(marked, '', behind === 'exit' ? exitPath : pathOfStep(behind, lang, base));
    browser.history.pushState(marked, '', pathOfStep(now.step, lang, base));
  };

  const subscription = actor.subscribe(() => {
    const now = shownStep(actor);
    if (now === null || now.step === shown?.step) return;
    const first = shown === null;
    if (first) open(now);
    else write(now, answeringNavigation || shown?.screen === now.screen);
    shown = now;
    onStep?.(now, first);
  });

  /** Out of the wizard to the site's home, in place of the entry the back button landed on. */
  const leave = () => {
    browser.history.replaceState(null, '', exitPath);
    browser.location.reload();
  };

  const onPopState = () => {
    const desired = locationOfPath(browser.location.pathname);
    // back to the entry the sync put behind the page
    if (desired === null) {
      browser.location.reload();
      return;
    }
    const current = shownStep(actor);
    if (current === null) return;
    if (desired.step !== null && desired.step !== current.step) {
      const event = eventToward(desired.step, actor);
      // once the identification has begun, an earlier step no event leads to is behind the person
      // for good (the bank's login, the finished wait): back leaves the wizard instead of doing nothing
      if (event === null && isPastIdentification(current.step) && isBefore(desired.step, current.step)) {
        leave();
        return;
      }
      answeringNavigation = true;
      try {
        if (event) actor.send(event);
      } finally {
        answeringNavigation = false;
      }
    }
    const now = shownStep(actor);
    if (now !== null) write(now, true);
  };

  browser.addEventListener('popstate', onPopState);
  // the step the machine is already on when the sync starts
  const initial = shownStep(actor);
  if (initial !== null) {
    open(initial);
    shown = initial;
    onStep?.(initial, true);
  }
  return () => {
    subscription.unsubscribe();
    browser.removeEventListener('popstate', onPopState);
  };
}
