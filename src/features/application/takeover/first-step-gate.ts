import { savedToken } from '../../../api/token-storage.ts';
import { prerenderedFirstStepOf } from '../../../../domain/wizard-paths.ts';
import { DRAFT_KEY } from '../form/draft-key.ts';
import type { Takeover } from './takeover-context.tsx';

const MOVES = ['scroll', 'pointerdown', 'keydown', 'focusin'] as const;

/**
 * The page's prerendered form, when the script may adopt it as it is: the form for the loan the address preselects
 * (none, or one of the site's own links'), which the person starts afresh. A saved application or a draft of this
 * tab make the first screen another than the one the server wrote, so the script then starts at once and draws its
 * own.
 */
export function adoptableFirstStep(root: HTMLElement, window: Window): HTMLFormElement | null {
  // the server sends a handoff or another loan the page without the form; a page kept from before may still have it
  const key = prerenderedFirstStepOf(new URL(window.location.href).searchParams);
  if (key === null || root.getAttribute('data-first-step') !== key) return null;
  try {
    return untouchedFirstStep(root, { local: window.localStorage, session: window.sessionStorage });
  } catch {
    // storage refused: there is nothing saved to show either
    return untouchedFirstStep(root, null);
  }
}

/** Where the wizard keeps a person's application (the token) and the form's draft. */
export interface SavedWork {
  readonly local: Pick<Storage, 'getItem'>;
  readonly session: Pick<Storage, 'getItem'>;
}

/**
 * The prerendered form in `root` (marked `data-first-step`), unless something saved makes the first screen another:
 * an application under way or a draft of this tab. The site and the application widget both ask it, each with its
 * own storage.
 */
export function untouchedFirstStep(root: HTMLElement, saved: SavedWork | null): HTMLFormElement | null {
  if (!root.hasAttribute('data-first-step')) return null;
  if (saved && (savedToken(saved.local) !== null || saved.session.getItem(DRAFT_KEY) !== null)) return null;
  return root.querySelector('form');
}

/**
 * A prerendered form the wizard will draw again (a saved application, a draft): nothing is typed into it meanwhile,
 * for that would be lost when the wizard's own form takes its place.
 */
export function holdPrerenderedForm(root: HTMLElement): () => void {
  if (!root.hasAttribute('data-first-step')) return () => undefined;
  root.inert = true;
  root.setAttribute('aria-busy', 'true');
  // the wizard draws into the same element: once it has, the element is the person's again
  return () => {
    root.inert = false;
    root.removeAttribute('aria-busy');
  };
}

/**
 * Resolves at the person's first scroll, tap, key or focus on the page, when the wizard's script is then fetched:
 * until then the form is plain HTML, and nothing of the wizard's code (React, the machine, about 140 kB of gzip)
 * weighs on a phone's first seconds. A submission before the script has the form is held back (the form would
 * otherwise post to the page and lose everything), and made once the script has it.
 */
export function firstMoveOn(window: Window, form: HTMLFormElement): Promise<Takeover> {
  let asked = false;
  const hold = (event: Event) => {
    event.preventDefault();
    asked = true;
  };
  form.addEventListener('submit', hold);
  const takeover: Takeover = { submitAsked: () => asked, release: () => form.removeEventListener('submit', hold) };
  return new Promise((resolve) => {
    // this script comes after the first paint: a person already in the form has made the move it waits for
    if (form.contains(window.document.activeElement)) {
      resolve(takeover);
      return;
    }
    const moved = () => {
      for (const name of MOVES) window.removeEventListener(name, moved, true);
      resolve(takeover);
    };
    for (const name of MOVES) window.addEventListener(name, moved, { capture: true, passive: true });
  });
}
