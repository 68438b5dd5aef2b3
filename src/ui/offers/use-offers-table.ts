import { useSyncExternalStore } from 'react';

/**
 * From this width the offers are a table, below it cards. 1200 px is the spec's breakpoint above 1199 (tokens.css):
 * the table's ten columns (lender, every figure of the card, validity, choice) need about 1 130 px with Russian
 * headings, whole sums and dates that never break; narrower, they would not fit the page's column and a card reads
 * better. screens-wide.css lays the cards out in two columns from 768 px up to here.
 */
export const OFFERS_TABLE_QUERY = '(min-width: 1200px)';

/** null where the page has no matchMedia (a test's DOM): the cards, which read well at any width */
const mediaQuery = (): MediaQueryList | null =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(OFFERS_TABLE_QUERY)
    : null;

function subscribe(onChange: () => void): () => void {
  const list = mediaQuery();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

/**
 * Whether the offers show as a table: the width of the window the screen runs in, the site's tab or a widget's
 * iframe, read at the first render (the workflow renders in the browser only, so the first paint has the right
 * layout) and followed as it changes (a phone turned, a widget resized). One layout in the DOM at a time: screen
 * readers and find-in-page meet each offer once.
 */
export function useOffersTable(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => mediaQuery()?.matches ?? false,
    () => false,
  );
}
