import { useEffect, useState } from 'react';

/** The time, renewed every `everyMs`: countdowns move on and expired offers grey out without a reload. */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
