import { useEffect, useState } from 'react';

const MOVES = ['scroll', 'pointerdown', 'keydown', 'focusin'] as const;

/**
 * True from the person's first scroll, tap, key or focus on the page: what the form shows far below its first
 * fields (and the code and words it needs) waits for it, so nothing of it is downloaded before anyone touches the
 * form. Where IntersectionObserver is missing (a test renderer, an old browser) it is true at once.
 */
export function useFirstMove(): boolean {
  const [moved, setMoved] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (moved) return;
    const move = () => setMoved(true);
    for (const name of MOVES) window.addEventListener(name, move, { capture: true, passive: true, once: true });
    return () => {
      for (const name of MOVES) window.removeEventListener(name, move, true);
    };
  }, [moved]);
  return moved;
}
