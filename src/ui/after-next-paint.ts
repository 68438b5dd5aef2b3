/**
 * Runs `callback` after the next paint: a frame's callback runs before it, a task posted from there after it. A press
 * that paints its own answer first (a radio checked, a button pending) and does its heavier work after keeps a slow
 * phone's interaction to the next paint short.
 */
export function afterNextPaint(callback: () => void): void {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(callback, 0));
  else setTimeout(callback, 0);
}
