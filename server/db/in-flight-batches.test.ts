import { describe, expect, it, vi } from 'vitest';
import { createInFlightBatches, failed, succeeded } from './in-flight-batches.ts';

/** A batch runner that records its calls and ends each one when the test lets it. */
function heldRunner() {
  const calls: [string, number[]][] = [];
  const releases: (() => void)[] = [];
  const run = async (key: string, items: readonly number[]) => {
    calls.push([key, [...items]]);
    await new Promise<void>((resolve) => releases.push(resolve));
    return items.map((item) => (item < 0 ? failed(new Error(`negative ${item}`)) : succeeded(item * 10)));
  };
  return { run, calls, release: () => releases.shift()?.() };
}

describe('in-flight batches', () => {
  it('sends what arrives while a batch is on its way with the next one, each key on its own', async () => {
    const runner = heldRunner();
    const add = createInFlightBatches(runner.run);
    const first = add('a', 1);
    const rest = [add('a', 2), add('a', 3), add('b', 4)];
    expect(runner.calls).toEqual([
      ['a', [1]],
      ['b', [4]],
    ]);
    runner.release();
    await expect(first).resolves.toBe(10);
    await vi.waitFor(() => expect(runner.calls).toHaveLength(3));
    expect(runner.calls[2]).toEqual(['a', [2, 3]]);
    runner.release();
    runner.release();
    await expect(Promise.all(rest)).resolves.toEqual([20, 30, 40]);
  });

  it('answers each item with its own outcome, and a batch that throws fails all of its items', async () => {
    const add = createInFlightBatches<string, number, number>(async (_key, items) => {
      if (items.includes(0)) throw new Error('the statement failed');
      return items.map((item) => (item < 0 ? failed(new Error(`negative ${item}`)) : succeeded(item)));
    });
    await expect(Promise.all([add('a', 1), add('a', 2)])).resolves.toEqual([1, 2]);
    await expect(add('a', -1)).rejects.toThrow('negative -1');
    await expect(add('a', 0)).rejects.toThrow('the statement failed');
    // and the key works on afterwards
    await expect(add('a', 5)).resolves.toBe(5);
  });

  it('lets the first item of an idle key wait for company', async () => {
    vi.useFakeTimers();
    try {
      const runner = heldRunner();
      const add = createInFlightBatches(runner.run, 25);
      const answers = [add('a', 1)];
      await vi.advanceTimersByTimeAsync(20);
      answers.push(add('a', 2));
      expect(runner.calls).toEqual([]);
      await vi.advanceTimersByTimeAsync(5);
      expect(runner.calls).toEqual([['a', [1, 2]]]);
      runner.release();
      await expect(Promise.all(answers)).resolves.toEqual([10, 20]);
    } finally {
      vi.useRealTimers();
    }
  });
});
