import { setTimeout as sleep } from 'node:timers/promises';

/**
 * What the sandbox lenders wait with before a decision and before a payout: real time, or a clock that only
 * moves when told (a test's, through POST {prefix}/clock). Either ends a wait with the signal's AbortError when
 * the sandbox is reset or closed first.
 */
export interface SandboxClock {
  wait(ms: number, signal: AbortSignal): Promise<void>;
}

export const realClock: SandboxClock = {
  wait: (ms, signal) => sleep(ms, undefined, { signal }),
};

const abortError = () => new DOMException('The operation was aborted', 'AbortError');

interface Timer {
  readonly due: number;
  readonly seq: number;
  readonly resolve: () => void;
}

/**
 * A clock at 0 that moves only by `advance`: the waits it passes end in the order they are due (the earlier
 * registered first among equals), so answers still arrive one by one, but at the moments a test chooses.
 */
export class ManualClock implements SandboxClock {
  #now = 0;
  #seq = 0;
  readonly #timers = new Set<Timer>();

  /** this clock's time, ms since it started */
  get now(): number {
    return this.#now;
  }

  /** the waits not yet ended */
  get pending(): number {
    return this.#timers.size;
  }

  wait(ms: number, signal: AbortSignal): Promise<void> {
    if (signal.aborted) return Promise.reject(abortError());
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        this.#timers.delete(timer);
        reject(abortError());
      };
      const timer: Timer = {
        due: this.#now + Math.max(0, ms),
        seq: this.#seq++,
        resolve: () => {
          signal.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.#timers.add(timer);
      // a wait of no time is over at once, as it is in real time
      if (ms <= 0) this.#fireDue();
    });
  }

  /** Moves the clock `ms` on and ends every wait now due; answers how many ended. */
  advance(ms: number): number {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError('a clock moves forward only');
    this.#now += ms;
    return this.#fireDue();
  }

  #fireDue(): number {
    const due = [...this.#timers]
      .filter((timer) => timer.due <= this.#now)
      .sort((a, b) => a.due - b.due || a.seq - b.seq);
    for (const timer of due) {
      this.#timers.delete(timer);
      timer.resolve();
    }
    return due.length;
  }
}

/** SANDBOX_LENDER_CLOCK: unset or 'real', or 'manual' (the lenders wait until POST {prefix}/clock moves them on). */
export function lenderClockFromEnv(value: string | undefined): SandboxClock {
  if (value === undefined || value.trim() === '' || value === 'real') return realClock;
  if (value === 'manual') return new ManualClock();
  throw new Error("SANDBOX_LENDER_CLOCK must be 'real' or 'manual'");
}
