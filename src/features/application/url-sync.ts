import type { ApplicationActor, ApplicationEvent } from '../../../machines/application-machine.ts';
import { screenAfter, screenOfStep, stepMetaOf } from '../../../machines/application-steps.ts';
import type { Language } from '../../../domain/language.ts';
import {
  locationOfPath,
  pathOfStep,
  type StepMeta,
  type WorkflowBase,
  type WorkflowStep,
} from '../../../domain/wizard-paths.ts';

/** The parts of `window` the sync uses; a test passes its own. */
export interface BrowserHistory {
  readonly location: { readonly pathname: string; readonly search: string };
  readonly history: Pick<History, 'pushState' | 'replaceState'>;
  addEventListener(type: 'popstate', listener: () => void): void;
  removeEventListener(type: 'popstate', listener: () => void): void;
}

export interface UrlSyncOptions {
  readonly actor: ApplicationActor;
  readonly browser: BrowserHistory;
  readonly lang: Language;
  readonly base: WorkflowBase;
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
export function syncWorkflowUrl({ actor, browser, lang, base, onStep }: UrlSyncOptions): () => void {
  let shown: Required<StepMeta> | null = null;
  let answeringNavigation = false;

  const write = ({ screen, step }: Required<StepMeta>, replace: boolean) => {
    const path = pathOfStep(step, lang, base);
    if (browser.location.pathname === path) return;
    const search = screen === 'enteringEssence' ? browser.location.search : '';
    browser.history[replace ? 'replaceState' : 'pushState'](null, '', path + search);
  };

  const subscription = actor.subscribe(() => {
    const now = shownStep(actor);
    if (now === null || now.step === shown?.step) return;
    const first = shown === null;
    const replace = first || answeringNavigation || shown?.screen === now.screen;
    write(now, replace);
    shown = now;
    onStep?.(now, first);
  });

  const onPopState = () => {
    const current = shownStep(actor);
    if (current === null) return;
    const desired = locationOfPath(browser.location.pathname)?.step ?? null;
    if (desired !== null && desired !== current.step) {
      const event = eventToward(desired, actor);
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
    write(initial, true);
    shown = initial;
    onStep?.(initial, true);
  }
  return () => {
    subscription.unsubscribe();
    browser.removeEventListener('popstate', onPopState);
  };
}
