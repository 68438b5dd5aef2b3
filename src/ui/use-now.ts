import { useEffect, useState } from 'react';

/**
 * The time, renewed every `intervalMs` while `enabled`: countdowns move on and expired offers grey out
 * without a reload, and a page with nothing counting down sets no timer.
 */
export function useNow(intervalMs: number, enabled = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!enabled) return;
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, enabled]);
  return now;
}
