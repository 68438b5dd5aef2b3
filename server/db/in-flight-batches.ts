/** What a batch answers for one of its items. */
export type ItemOutcome<R> = { readonly ok: true; readonly value: R } | { readonly ok: false; readonly error: unknown };

export const succeeded = <R>(value: R): ItemOutcome<R> => ({ ok: true, value });
export const failed = (error: unknown): ItemOutcome<never> => ({ ok: false, error });

interface Waiting<T, R> {
  readonly item: T;
  resolve(value: R): void;
  reject(error: unknown): void;
}

/**
 * Items that go to the database together: for each key, one batch at a time, and what arrives while a batch is
 * on its way goes with the next one. A statement of fifteen rows costs about what a statement of one does, so a
 * burst (fifteen lenders answering within a second) becomes two or three statements instead of fifteen.
 *
 * `run` gets a key's waiting items in order of arrival and answers each of them, in the same order. The first
 * item of an idle key waits `gatherMs` for company before its batch starts (0: it starts at once).
 * Returns the function that adds an item and resolves with its answer.
 */
export function createInFlightBatches<K, T, R>(
  run: (key: K, items: readonly T[]) => Promise<readonly ItemOutcome<R>[]>,
  gatherMs = 0,
): (key: K, item: T) => Promise<R> {
  const waiting = new Map<K, Waiting<T, R>[]>();
  const running = new Set<K>();

  const answer = (batch: readonly Waiting<T, R>[], outcomes: readonly ItemOutcome<R>[]) =>
    batch.forEach((entry, index) => {
      const outcome = outcomes[index] ?? failed(new Error('the batch gave no answer for this item'));
      if (outcome.ok) entry.resolve(outcome.value);
      else entry.reject(outcome.error);
    });

  const drain = async (key: K) => {
    try {
      for (let batch = waiting.get(key); batch; batch = waiting.get(key)) {
        waiting.delete(key);
        const items = batch.map((entry) => entry.item);
        answer(batch, await run(key, items).catch((error: unknown) => items.map(() => failed(error))));
      }
    } finally {
      running.delete(key);
    }
  };

  return (key, item) =>
    new Promise<R>((resolve, reject) => {
      const entry: Waiting<T, R> = { item, resolve, reject };
      const batch = waiting.get(key);
      if (batch) batch.push(entry);
      else waiting.set(key, [entry]);
      if (running.has(key)) return;
      // running from now on, so that what arrives meanwhile joins the batch rather than starting one
      running.add(key);
      if (gatherMs > 0) setTimeout(() => void drain(key), gatherMs);
      else void drain(key);
    });
}
