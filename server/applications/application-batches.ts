import type { Database, Sql } from '../db/database.ts';
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

interface Waiting {
  readonly change: AnyChange;
  resolve(): void;
  reject(error: unknown): void;
}

export interface ApplicationBatches {
  /** Resolves once the change is committed and `afterCommit` has run for it. */
  apply<T>(applicationId: string, change: ApplicationChange | CombinedChange<T>): Promise<void>;
}

/**
 * Lenders answer an application in bursts (fifteen callbacks within a second). Each in its own
 * transaction, they queued on the application's row lock, each holding a pooled connection while
 * it waited, and the pool ran dry for everyone else. Here one process applies an application's
 * changes one transaction at a time, and those that arrive meanwhile go together into the next:
 * one lock, one progress refresh, one NOTIFY for the lot, and one statement for the changes of one
 * kind (CombinedChange). Other processes still meet the row lock.
 * When a batch fails, its changes are tried one by one, so one bad change fails alone.
 */
export function createApplicationBatches(
  db: Database,
  afterCommit: (applicationId: string) => Promise<void>,
): ApplicationBatches {
  const waiting = new Map<string, Waiting[]>();
  const running = new Set<string>();

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

  const drain = async (applicationId: string) => {
    running.add(applicationId);
    try {
      for (let batch = waiting.get(applicationId); batch; batch = waiting.get(applicationId)) {
        waiting.delete(applicationId);
        try {
          await commit(
            applicationId,
            batch.map((item) => item.change),
          );
          for (const item of batch) item.resolve();
        } catch (error) {
          if (batch.length === 1) batch[0]?.reject(error);
          else for (const item of batch) await commit(applicationId, [item.change]).then(item.resolve, item.reject);
        }
      }
    } finally {
      running.delete(applicationId);
    }
  };

  return {
    apply: (applicationId, change) =>
      new Promise<void>((resolve, reject) => {
        const item: Waiting = { change: change as AnyChange, resolve, reject };
        const batch = waiting.get(applicationId);
        if (batch) batch.push(item);
        else waiting.set(applicationId, [item]);
        if (!running.has(applicationId)) void drain(applicationId);
      }),
  };
}
