import type { NoticeChoices } from '../account/consents.ts';
import type { Database, Sql } from '../db/database.ts';
import { createInFlightBatches, failed, succeeded, type ItemOutcome } from '../db/in-flight-batches.ts';
import { lockApplication, refreshLenderProgress } from './lifecycle/transition.ts';

/** A change to one application's lender rows, made inside the transaction that holds its row. */
export type ApplicationChange = (tx: Sql) => Promise<void>;

/**
 * A change that a batch makes together with the others of its kind, in one statement (fifteen offers
 * arriving within a second: one INSERT, not fifteen). `kind` names the kind; `applyAll` makes them all.
 */
export interface CombinedChange<T> {
  readonly kind: string;
  readonly item: T;
  /** Makes them all; the items it refused, by their index in `items`, fail with the reason given. */
  readonly applyAll: (tx: Sql, items: readonly T[]) => Promise<Refused | undefined>;
  /**
   * The same changes as one statement of their own, outside a transaction, that also locks the application
   * row first, refreshes its progress and announces it. A batch of this kind alone then costs one round
   * trip instead of five (begin, lock, changes, progress, commit), and holds its locks for one.
   */
  readonly applyAllAtOnce?: (db: Sql, applicationId: string, items: readonly T[]) => Promise<AtOnceOutcome>;
}

/** Items of a combined change that it refused (a replayed message), by their index, with the reason. */
export type Refused = ReadonlyMap<number, unknown>;

export interface AtOnceOutcome {
  readonly noticeChoices: NoticeChoices;
  readonly refused?: Refused;
  /**
   * False when another transaction changed the application after the statement's snapshot was taken (it
   * waited for the lock): the progress it computed may miss that change, so it is refreshed once more.
   */
  readonly current: boolean;
}

type AnyChange = ApplicationChange | CombinedChange<never>;

/** How long an application's first waiting change waits for others to go with it. */
// 60 ms merged more answers (1.17 batches an application against 1.36 under bench:load); 25 ms is what the final
// bench:load figures were measured with (docs/scaling.md, "Sixth round")
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
 * When a batch fails, its changes are tried one by one, so one bad change fails alone. A batch whose changes
 * are all of one kind with a one-statement form (`applyAllAtOnce`: the offers of a burst) is that one
 * statement, without a transaction around it.
 *
 * The first change of an application that nothing is being done for waits `gatherMs` for company: the
 * lenders' answers to one send arrive within milliseconds of each other, and without the wait the first
 * went alone and the rest in a second batch (2.6 batches an application under bench:load, each a
 * transaction, a progress refresh and a status change). A lender waits that much longer for its answer.
 */
/** The changes whose items a combined change refused (by index), added to `into` with their reasons. */
function refuseChanges(
  ofKind: readonly AnyChange[],
  refusedItems: Refused | undefined,
  into: Map<AnyChange, unknown>,
): Map<AnyChange, unknown> {
  for (const [index, reason] of refusedItems ?? []) {
    const change = ofKind[index];
    if (change) into.set(change, reason);
  }
  return into;
}

export function createApplicationBatches(
  db: Database,
  afterCommit: (applicationId: string, noticeChoices: NoticeChoices) => Promise<void>,
  gatherMs = GATHER_MS,
): ApplicationBatches {
  /** What a commit answers: the application's notice choices, and the changes it refused, with their reasons. */
  interface Committed {
    readonly noticeChoices: NoticeChoices;
    readonly refused: ReadonlyMap<AnyChange, unknown>;
  }

  const inTransaction = (applicationId: string, changes: readonly AnyChange[]) =>
    db.transaction(async (tx): Promise<Committed> => {
      const noticeChoices = await lockApplication(tx, applicationId);
      const combined = new Map<
        string,
        { applyAll: CombinedChange<never>['applyAll']; changes: CombinedChange<never>[] }
      >();
      for (const change of changes) {
        if (typeof change === 'function') await change(tx);
        else {
          const kind = combined.get(change.kind);
          if (kind) kind.changes.push(change);
          else combined.set(change.kind, { applyAll: change.applyAll, changes: [change] });
        }
      }
      const refused = new Map<AnyChange, unknown>();
      for (const { applyAll, changes: ofKind } of combined.values()) {
        const refusedItems = await applyAll(
          tx,
          ofKind.map((change) => change.item),
        );
        refuseChanges(ofKind, refusedItems, refused);
      }
      await refreshLenderProgress(tx, applicationId, { db });
      return { noticeChoices, refused };
    });

  /** The batch as one statement, when every change in it is of one kind that has that form. */
  const asOneStatement = (applicationId: string, changes: readonly AnyChange[]) => {
    const [first] = changes;
    if (first === undefined || typeof first === 'function' || !first.applyAllAtOnce) return null;
    const ofKind: CombinedChange<never>[] = [];
    for (const change of changes) {
      if (typeof change === 'function' || change.kind !== first.kind) return null;
      ofKind.push(change);
    }
    const applyAllAtOnce = first.applyAllAtOnce;
    return async (): Promise<Committed> => {
      const outcome = await applyAllAtOnce(
        db,
        applicationId,
        ofKind.map((change) => change.item),
      );
      if (!outcome.current) await inTransaction(applicationId, []);
      return { noticeChoices: outcome.noticeChoices, refused: refuseChanges(ofKind, outcome.refused, new Map()) };
    };
  };

  const commit = async (applicationId: string, changes: readonly AnyChange[]) => {
    const oneStatement = asOneStatement(applicationId, changes);
    const committed = oneStatement ? await oneStatement() : await inTransaction(applicationId, changes);
    await afterCommit(applicationId, committed.noticeChoices);
    return committed.refused;
  };

  const apply = createInFlightBatches<string, AnyChange, undefined>(async (applicationId, changes) => {
    const outcomeOf = (refused: ReadonlyMap<AnyChange, unknown>, change: AnyChange): ItemOutcome<undefined> =>
      refused.has(change) ? failed(refused.get(change)) : succeeded(undefined);
    try {
      const refused = await commit(applicationId, changes);
      return changes.map((change) => outcomeOf(refused, change));
    } catch (error) {
      if (changes.length === 1) return [failed(error)];
      const outcomes: ItemOutcome<undefined>[] = [];
      for (const change of changes)
        outcomes.push(
          await commit(applicationId, [change]).then(
            (refused) => outcomeOf(refused, change),
            (error: unknown) => failed(error),
          ),
        );
      return outcomes;
    }
  }, gatherMs);

  return { apply: (applicationId, change) => apply(applicationId, change as AnyChange) };
}
