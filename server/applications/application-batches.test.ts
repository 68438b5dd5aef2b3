import { describe, expect, it, vi } from 'vitest';
import type { Database, Sql } from '../db/database.ts';
import { createApplicationBatches, type CombinedChange } from './application-batches.ts';

/** A database that records each transaction's statements; a transaction ends when the test lets it. */
function recordingDatabase() {
  const transactions: string[][] = [];
  let release: (() => void) | null = null;
  let holding = false;
  const db = {
    query: () => Promise.resolve({ rows: [] }),
    async transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T> {
      const statements: string[] = [];
      transactions.push(statements);
      const tx: Sql = {
        query: <Row>(text: string) => {
          statements.push(text.trim().split(/\s+/).slice(0, 2).join(' '));
          return Promise.resolve({ rows: [] as Row[] });
        },
      };
      const result = await work(tx);
      if (holding) await new Promise<void>((resolve) => (release = resolve));
      return result;
    },
  } as unknown as Database;
  return {
    db,
    transactions,
    hold: () => (holding = true),
    let: () => {
      holding = false;
      release?.();
    },
  };
}

describe('application batches', () => {
  it('makes the combined changes that wait for the same application together, in one call for their kind', async () => {
    const database = recordingDatabase();
    const committed: string[] = [];
    const batches = createApplicationBatches(
      database.db,
      async (applicationId) => {
        committed.push(applicationId);
      },
      0,
    );
    const calls: string[][] = [];
    const offer = (lender: string): CombinedChange<string> => ({
      kind: 'offer',
      item: lender,
      applyAll: async (tx, lenders) => {
        calls.push([...lenders]);
        await tx.query(`INSERT offers`);
      },
    });
    const decline = (lender: string) => async (tx: Sql) => {
      await tx.query(`UPDATE ${lender}`);
    };

    // the first answer's transaction is under way while three more arrive
    database.hold();
    const first = batches.apply('application-1', offer('lender-a'));
    await Promise.resolve();
    const rest = [
      batches.apply('application-1', offer('lender-b')),
      batches.apply('application-1', decline('lender-c')),
      batches.apply('application-1', offer('lender-d')),
    ];
    database.let();
    await Promise.all([first, ...rest]);

    expect(calls).toEqual([['lender-a'], ['lender-b', 'lender-d']]);
    expect(database.transactions).toHaveLength(2);
    // one lock, the changes (the offers of the batch in one statement), one progress refresh
    expect(database.transactions[1]).toEqual([
      'SELECT notice_choices',
      'UPDATE lender-c',
      'INSERT offers',
      'UPDATE applications',
    ]);
    expect(committed).toEqual(['application-1', 'application-1']);
  });

  it('tries the changes of a failed batch one by one, so one bad change fails alone', async () => {
    const database = recordingDatabase();
    const batches = createApplicationBatches(database.db, async () => undefined, 0);
    const offer = (lender: string): CombinedChange<string> => ({
      kind: 'offer',
      item: lender,
      applyAll: async (_tx, lenders) => {
        if (lenders.includes('broken')) throw new Error('refused by the database');
      },
    });
    database.hold();
    const first = batches.apply('application-1', offer('lender-a'));
    await Promise.resolve();
    const good = batches.apply('application-1', offer('lender-b'));
    const bad = batches.apply('application-1', offer('broken'));
    database.let();
    await expect(first).resolves.toBeUndefined();
    await expect(good).resolves.toBeUndefined();
    await expect(bad).rejects.toThrow('refused by the database');
  });

  it('lets the first change of an idle application wait for the others of its burst', async () => {
    vi.useFakeTimers();
    try {
      const database = recordingDatabase();
      const batches = createApplicationBatches(database.db, async () => undefined, 25);
      const calls: string[][] = [];
      const offer = (lender: string): CombinedChange<string> => ({
        kind: 'offer',
        item: lender,
        applyAll: async (_tx, lenders) => void calls.push([...lenders]),
      });
      const first = batches.apply('application-1', offer('lender-a'));
      await vi.advanceTimersByTimeAsync(10);
      const second = batches.apply('application-1', offer('lender-b'));
      const other = batches.apply('application-2', offer('lender-c'));
      expect(database.transactions).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(15);
      await first;
      await second;
      expect(calls).toEqual([['lender-a', 'lender-b']]);
      await vi.advanceTimersByTimeAsync(10);
      await other;
      expect(calls).toEqual([['lender-a', 'lender-b'], ['lender-c']]);
      expect(database.transactions).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
