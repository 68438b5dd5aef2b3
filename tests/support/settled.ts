import type { PgBoss } from 'pg-boss';
import type { LenderSandboxStats } from '../../server/sandbox/lenders/plugin.ts';

/**
 * Waits for what an application set off to be over, so a test can then assert that something did not
 * happen (no message sent) without sleeping for a guessed while.
 */

const poll = () => new Promise((resolve) => setTimeout(resolve, 50));

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value)) {
    if (Date.now() > deadline)
      throw new Error(`${what} not in ${timeoutMs} ms: ${JSON.stringify(value).slice(0, 400)}`);
    await poll();
    value = await read();
  }
  return value;
}

/**
 * Every callback the sandbox lenders at `base` made has its answer. The broker answers a callback after it has
 * stored it and queued what it triggers (the notices), so with every lender answered nothing more is on its way.
 */
export async function lenderCallbacksAnswered(base: string, timeoutMs = 15_000): Promise<void> {
  const stats = async () =>
    (await (await fetch(`${base}/sandbox/lenders/stats`)).json()) as Record<string, LenderSandboxStats>;
  await until(
    stats,
    (all) => Object.values(all).every((s) => s.callbackAttempts === s.callbacksDelivered + s.callbacksRefused),
    'the lenders’ callbacks answered',
    timeoutMs,
  );
}

/** pg-boss's states of a job not yet over: waiting (deferred ones too), failed and to be retried, being worked. */
const UNFINISHED = new Set(['created', 'retry', 'active']);

/** The jobs of `queue` in each state, as pg-boss's own table has them. */
export async function jobStates(boss: PgBoss, queue: string): Promise<string[]> {
  return (await boss.findJobs(queue)).map((job) => job.state);
}

/** `queue` holds no job that is not over: each one queued has been worked to its end (or failed for good). */
export async function queueDrained(boss: PgBoss, queue: string, timeoutMs = 20_000): Promise<void> {
  await until(
    () => jobStates(boss, queue),
    (states) => !states.some((state) => UNFINISHED.has(state)),
    `the queue ${queue} drained`,
    timeoutMs,
  );
}

/** A job of `queue` has failed once and waits for its retry: the attempt was made and did not get through. */
export async function jobAwaitsRetry(boss: PgBoss, queue: string, timeoutMs = 20_000): Promise<void> {
  await until(
    () => jobStates(boss, queue),
    (states) => states.includes('retry'),
    `a retry in ${queue}`,
    timeoutMs,
  );
}
