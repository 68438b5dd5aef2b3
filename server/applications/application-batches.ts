import type { Database, Sql } from '../db/database.ts';
import { createInFlightBatches, failed, succeeded, type ItemOutcome } from '../db/in-flight-batches.ts';
import { lockApplication, refreshLenderProgress } from './progress.ts';

/** A change to one application's lender rows, made inside the transaction that holds its row. */
export type ApplicationChange = (tx: Sql) => Promise<void>;

/**
 * A change that a batch makes together with the others of its kind, in one statement (fifteen offers
 * arriving within a second: one INSERT, not fifteen). `kind` names the kind; `applyAll` makes them all.
 */
export interface CombinedChange<T> {
  readonly kind: string;
  readonly item: T;
  readonly applyAll: (tx: Sql, items: readonly T[]) => Promise<void>;
}

type AnyChange = ApplicationChange | CombinedChange<never>;

/** How long an application's first waiting change waits for others to go with it. */
export const GATHER_MS = 25;

export interface ApplicationBatches {
  /** Resolves once the change is committed and `afterCommit` has run for it. */
  apply<T>(applicationId: string, change: ApplicationChange | CombinedChange<T>): Promise<void>;
}

/**
 * Lenders answer an application in bursts (fifteen callbacks within a second). Each in its own
 * transaction, they queued on the application's row lock, each holding a pooled connection while
 * it waited, and the pool ran dry for everyone else. Here one process applies an application's
 * changes one transaction at a time, and those that arrive meanwhile go together into the next
 * (createInFlightBatches, keyed by application):
 * one lock, one progress refresh, one NOTIFY for the lot, and one statement for the changes of one
 * kind (CombinedChange). Other processes still meet the row lock.
 * When a batch fails, its changes are tried one by one, so one bad change fails alone.
 *
 * The first change of an application that nothing is being done for waits `gatherMs` for company: the
 * lenders' answers to one send arrive within milliseconds of each other, and without the wait the first
 * went alone and the rest in a second batch (2.6 batches an application under bench:load, each a
 * transaction, a progress refresh and a status change). A lender waits that much longer for its answer.
 */
export function createApplicationBatches(
  db: Database,
  afterCommit: (applicationId: string) => Promise<void>,
  gatherMs = GATHER_MS,
): ApplicationBatches {
  const commit = async (applicationId: string, changes: readonly AnyChange[]) => {
    await db.transaction(async (tx) => {
      await lockApplication(tx, applicationId);
      const combined = new Map<string, { applyAll: CombinedChange<never>['applyAll']; items: never[] }>();
      for (const change of changes) {
        if (typeof change === 'function') await change(tx);
        else {
          const kind = combined.get(change.kind);
          if (kind) kind.items.push(change.item);
          else combined.set(change.kind, { applyAll: change.applyAll, items: [change.item] });
        }
      }
      for (const { applyAll, items } of combined.values()) await applyAll(tx, items);
      await refreshLenderProgress(tx, applicationId);
    });
    await afterCommit(applicationId);
  };

  const apply = createInFlightBatches<string, AnyChange, undefined>(async (applicationId, changes) => {
    try {
      await commit(applicationId, changes);
      return changes.map(() => succeeded(undefined));
    } catch (error) {
      if (changes.length === 1) return [failed(error)];
      const outcomes: ItemOutcome<undefined>[] = [];
      for (const change of changes)
        outcomes.push(await commit(applicationId, [change]).then(() => succeeded(undefined), failed));
      return outcomes;
    }
  }, gatherMs);

  return { apply: (applicationId, change) => apply(applicationId, change as AnyChange) };
}
