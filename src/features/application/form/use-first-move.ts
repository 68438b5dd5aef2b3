import { useEffect, useState } from 'react';
import { useTakeover } from '../takeover/takeover-context.tsx';

const MOVES = ['scroll', 'pointerdown', 'keydown', 'focusin'] as const;

/**
 * True from the person's first scroll, tap, key or focus on the page: what the form shows far below its first
 * fields (and the code and words it needs) waits for it, so nothing of it is downloaded before anyone touches the
 * form. Where IntersectionObserver is missing (a test renderer, an old browser) it is true at once; on the server,
 * never. A form adopted from the prerendered page was adopted at that move: true from its first effect, since the
 * render that adopts it must be the server's.
 */
export function useFirstMove(): boolean {
  const adopted = useTakeover() !== null;
  const [moved, setMoved] = useState(
    () => typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined',
  );
  useEffect(() => {
    if (moved) return;
    const move = () => setMoved(true);
    if (adopted) {
      queueMicrotask(move);
      return;
    }
    for (const name of MOVES) window.addEventListener(name, move, { capture: true, passive: true, once: true });
    return () => {
      for (const name of MOVES) window.removeEventListener(name, move, true);
    };
  }, [moved, adopted]);
  return moved;
}
