import type { ApplicationActor, ApplicationEvent } from '../../../machines/application-machine.ts';
import type { Language } from '../../../domain/language.ts';
import {
  locationOfPath,
  pathOfStep,
  screenOfStep,
  stepOfState,
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
  readonly onStep?: (step: WorkflowStep, first: boolean) => void;
}

/**
 * What the machine is asked when the person goes back (or forward) to another step. A step the
 * machine cannot go to from where it is (a later step after starting over, say) gets no event,
 * and the address goes back to the step the applicant is on.
 */
export function eventToward(desired: WorkflowStep, current: WorkflowStep): ApplicationEvent | null {
  const wanted = screenOfStep(desired);
  const here = screenOfStep(current);
  if (wanted === 'enteringEssence' && here.startsWith('choosingIdConfirmationMethod')) {
    return { type: 'EDIT_APPLICATION' };
  }
  if (wanted.startsWith('choosingIdConfirmationMethod') && here === 'confirmingIdentity') {
    return { type: 'CHOOSE_ANOTHER_METHOD' };
  }
  if (wanted === 'offers' && (here === 'offerChosen' || here === 'waiting')) return { type: 'SHOW_OFFERS' };
  return null;
}

/**
 * The URL follows the machine and the machine follows the URL. A new step pushes a history entry,
 * so the back button works; the first step shown, variants of one screen and the answers to the
 * back button replace the entry instead. The query (`?type=`, amount, term) stays on the form only.
 */
export function syncWorkflowUrl({ actor, browser, lang, base, onStep }: UrlSyncOptions): () => void {
  let shown: WorkflowStep | null = null;
  let answeringNavigation = false;

  const write = (step: WorkflowStep, replace: boolean) => {
    const path = pathOfStep(step, lang, base);
    if (browser.location.pathname === path) return;
    const search = screenOfStep(step) === 'enteringEssence' ? browser.location.search : '';
    browser.history[replace ? 'replaceState' : 'pushState'](null, '', path + search);
  };

  const subscription = actor.subscribe((snapshot) => {
    const step = stepOfState(snapshot);
    if (step === null || step === shown) return;
    const first = shown === null;
    const replace = first || answeringNavigation || screenOfStep(shown ?? step) === screenOfStep(step);
    write(step, replace);
    shown = step;
    onStep?.(step, first);
  });

  const onPopState = () => {
    const current = stepOfState(actor.getSnapshot());
    if (current === null) return;
    const desired = locationOfPath(browser.location.pathname)?.step ?? null;
    if (desired !== null && desired !== current) {
      const event = eventToward(desired, current);
      answeringNavigation = true;
      try {
        if (event) actor.send(event);
      } finally {
        answeringNavigation = false;
      }
    }
    const now = stepOfState(actor.getSnapshot());
    if (now !== null) write(now, true);
  };

  browser.addEventListener('popstate', onPopState);
  // the step the machine is already on when the sync starts
  const initial = stepOfState(actor.getSnapshot());
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
