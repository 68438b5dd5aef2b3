import {
  ERASED,
  movesOf,
  nextState,
  RECEIVED_STATE,
  sourcesOf,
  STATES_OPEN_WITH_LENDERS,
  type ApplicationState,
  type LifecycleEvent,
  type LifecycleState,
  type Transition,
} from '../../../domain/application-lifecycle.ts';
import type { NoticeChoices } from '../../account/consents.ts';
import type { Broker } from '../../broker.ts';
import type { Sql } from '../../db/database.ts';
import type { DocumentFileStore } from '../../documents/file-store.ts';
import { noticeLenderProgress } from '../../notices/notice-triggers.ts';
import { Refusal } from '../refusal.ts';
import { STATUS_CHANNEL, type StatusHub } from '../status-hub.ts';
import { countEvent, countStateChange, type MetricsOwner } from '../../ops/metrics/record.ts';

/**
 * The one writer of `applications.state`. Every change of an application's state is an event of its lifecycle
 * (domain/application-lifecycle.ts), and this module alone turns one into SQL: the allowed-source condition is
 * generated from the model's source states, so a refused event changes no row; the change is announced by
 * NOTIFY in the statement that makes it, and after the commit this process forgets its cached status and hands
 * the change to the notices. A refused event is logged with the application's id, its state and the event only.
 *
 * The one-statement designs elsewhere (the identification's start and end, the offers' batches, a lender's
 * signature and payout) put the `UPDATE applications` that stateUpdateSql and lenderProgressUpdateSql write here
 * into a CTE of their statement, so they keep their single round trip and write no state text of their own.
 */

/** A state as an SQL literal: the model's names are letters only, never a caller's text. */
const literal = (state: LifecycleState): string => {
  if (!/^[A-Za-z]+$/.test(state)) throw new Error(`not a state of the lifecycle: ${state}`);
  return `'${state}'`;
};

/** The model's check of `event` as an SQL condition: `column` holds a state the event may start from. */
export const mayStartSql = (event: LifecycleEvent, column = 'state'): string =>
  `${column} = ANY('{${sourcesOf(event).join(',')}}'::text[])`;

/** The state `event` leads to from the state in `column`: one literal, or a CASE when the targets differ. */
function targetSql(event: LifecycleEvent, column = 'state'): string {
  const moves = movesOf(event);
  if (moves.some(([, to]) => to === ERASED)) throw new Error(`${event} deletes the application: see eraseWhere`);
  const targets = new Set(moves.map(([, to]) => to));
  const [first] = moves;
  if (targets.size === 1 && first) return literal(first[1]);
  return `CASE ${column} ${moves.map(([from, to]) => `WHEN ${literal(from)} THEN ${literal(to)}`).join(' ')} END`;
}

/** The SET item of an allowed event; the statement must also hold mayStartSql of the same event. */
export const setStateSql = (event: LifecycleEvent, column = 'state'): string => `state = ${targetSql(event, column)}`;

/**
 * Whether `event` would change the state in `column`: false where it leads back to the same state. For a
 * report that may come again (a lender's retry after a lost answer), which is then taken and changes nothing.
 */
export const changesStateSql = (event: LifecycleEvent, column = 'state'): string =>
  `${column} IS DISTINCT FROM ${targetSql(event, column)}`;

/** What a use case's `UPDATE applications … AS a` for one event holds besides the state and the time. */
export interface StateUpdate {
  /** the condition that picks the application `a` */
  readonly where: string;
  /** tables or CTEs the condition joins */
  readonly from?: string;
  /** more SET items of the same change, such as `identified_at = now()` */
  readonly set?: readonly string[];
  /** only where the event changes the state: a report that may come again is taken and changes nothing */
  readonly onlyIfChanging?: boolean;
  readonly returning: string;
}

/**
 * The statement that moves application `a` by `event`, for a CTE of a use case's one statement: the target, the
 * model's check of the current state and the time of the change are written here.
 */
export function stateUpdateSql(event: LifecycleEvent, update: StateUpdate): string {
  const set = [setStateSql(event, 'a.state'), ...(update.set ?? []), 'updated_at = now()'];
  const where = [
    `(${update.where})`,
    mayStartSql(event, 'a.state'),
    ...(update.onlyIfChanging ? [changesStateSql(event, 'a.state')] : []),
  ];
  return `UPDATE applications a SET ${set.join(', ')}${update.from ? ` FROM ${update.from}` : ''}
    WHERE ${where.join(' AND ')} RETURNING ${update.returning}`;
}

/** The state column's value in the INSERT that receives an application. */
export const RECEIVED_STATE_SQL = literal(RECEIVED_STATE);

/** The NOTIFY of a change to application `idSql`, for a select list or a RETURNING: delivered on commit. */
export const announceSql = (idSql: string): string => `pg_notify('${STATUS_CHANNEL}', (${idSql})::text)`;

/** Logs a refused event: the application's id, its state and the event; nothing about the person. */
function logRefusal(broker: Pick<Broker, 'log'>, applicationId: string, refused: Transition & { allowed: false }) {
  broker.log.warn(
    { applicationId, state: refused.from ?? 'none', event: refused.event },
    'application lifecycle: event refused',
  );
}

/**
 * A refusal that a statement's condition (mayStartSql) already made, logged with the state the statement read
 * (undefined: the application is gone).
 */
export function noteRefusal(
  broker: Pick<Broker, 'log'>,
  applicationId: string,
  state: ApplicationState | undefined,
  event: LifecycleEvent,
): void {
  logRefusal(broker, applicationId, { allowed: false, from: state ?? ERASED, event });
}

/** As noteRefusal, answered as the caller's refusal. */
export function refused(
  broker: Pick<Broker, 'log'>,
  applicationId: string,
  state: ApplicationState | undefined,
  event: LifecycleEvent,
): Refusal {
  noteRefusal(broker, applicationId, state, event);
  return new Refusal('wrongState');
}

/**
 * The model's answer for `event` from the state a statement read (undefined: the application is gone), logged
 * when refused. For changes whose SQL already held the condition: this says why nothing changed.
 */
export function allowedFrom(
  broker: Pick<Broker, 'log'>,
  applicationId: string,
  state: ApplicationState | undefined,
  event: LifecycleEvent,
): boolean {
  const answer = nextState(state ?? ERASED, event);
  if (!answer.allowed) logRefusal(broker, applicationId, answer);
  return answer.allowed;
}

/** As allowedFrom, refusing the caller's request (wrongState) when the model does. */
export function requireAllowed(
  broker: Pick<Broker, 'log'>,
  applicationId: string,
  state: ApplicationState | undefined,
  event: LifecycleEvent,
): void {
  if (!allowedFrom(broker, applicationId, state, event)) throw new Refusal('wrongState');
}

/**
 * After the commit of a change: this process forgets the cached status at once (read-your-writes), as the NOTIFY
 * may reach it after the caller's next read. The events applied this way bring no message; those that may (an
 * offer, every lender answered, the signature) come with the lenders' changes, see afterLenderChanges.
 */
export function afterTransition(broker: Pick<Broker, 'hub'>, applicationId: string): void {
  broker.hub.forget(applicationId);
}

/** What a transition's `decide` answers: the other columns the change writes, and the caller's answer. */
export interface TransitionStep<T> {
  readonly set?: Readonly<Record<string, unknown>>;
  readonly answer: T;
}

/**
 * `event` for one application in a transaction of its own: its row locked and its state checked against the
 * model (a refusal is logged and thrown), `decide` reads what else it needs and may refuse, then the new state
 * and decide's columns are written under the model's condition and announced; after the commit the cached
 * status is forgotten.
 */
export async function applyTransition<Row extends object, T>(
  broker: Broker,
  applicationId: string,
  event: LifecycleEvent,
  columns: readonly (keyof Row & string)[],
  decide: (tx: Sql, application: Row & { readonly state: ApplicationState }) => Promise<TransitionStep<T>>,
): Promise<T> {
  const answer = await broker.db.transaction(async (tx) => {
    const [application] = (
      await tx.query<Row & { state: ApplicationState }>(
        `SELECT ${['state', ...columns].map(column).join(', ')} FROM applications WHERE id = $1 FOR UPDATE`,
        [applicationId],
      )
    ).rows;
    if (!application) throw refused(broker, applicationId, undefined, event);
    requireAllowed(broker, applicationId, application.state, event);
    const step = await decide(tx, application);
    const set = Object.entries(step.set ?? {});
    const written = await tx.query(
      `UPDATE applications SET ${setStateSql(event)},
         ${set.map(([name], index) => `${column(name)} = $${index + 2}, `).join('')}updated_at = now()
       WHERE id = $1 AND ${mayStartSql(event)} RETURNING ${announceSql('id')}`,
      [applicationId, ...set.map(([, value]) => value)],
    );
    // the row is locked and its state was checked: the condition holds, and says so again in the SQL
    if (written.rows.length !== 1) throw new Refusal('wrongState');
    return step.answer;
  });
  afterTransition(broker, applicationId);
  countEvent(broker, event, true);
  return answer;
}

/** A column's name as written in a statement: the code's own names, never a caller's. */
function column(name: string): string {
  if (!/^[a-z_]+$/.test(name)) throw new Error(`not a column name: ${name}`);
  return name;
}

/**
 * `expired` for every application `conditionSql` names (SQL over `applications a`) that the model lets expire:
 * one statement, each change announced by it, each keeping the state it left (the funnel counts the offers of
 * those that left `offers` or `offerChosen`). Answers their ids.
 */
export async function expireWhere(broker: Broker, conditionSql: string): Promise<string[]> {
  const { rows } = await broker.db.query<{ id: string }>(
    stateUpdateSql('expired', {
      where: conditionSql,
      set: ['expired_from = a.state'],
      returning: `a.id, ${announceSql('a.id')}`,
    }),
  );
  for (const { id } of rows) afterTransition(broker, id);
  countEvent(broker, 'expired', rows.length);
  return rows.map((row) => row.id);
}

/**
 * `erased`: deletes the applications `conditionSql` names (SQL over `applications a`, with `params`), inside the
 * caller's transaction if it has one; each deletion is announced by the statement. The caller passes the ids to
 * afterErasure once committed.
 */
export async function eraseWhere(sql: Sql, conditionSql: string, params: readonly unknown[]): Promise<string[]> {
  const { rows } = await sql.query<{ id: string }>(
    `DELETE FROM applications a WHERE ${mayStartSql('erased', 'a.state')} AND (${conditionSql})
     RETURNING a.id, ${announceSql('a.id')}`,
    params,
  );
  return rows.map((row) => row.id);
}

/**
 * After erasures commit: a cached status must not outlive its application, nor an uploaded file (its rows went
 * with the application; the bytes on disk go here, and what a crash leaves is swept by the retention job).
 */
export async function afterErasure(
  broker: MetricsOwner & { hub: StatusHub; documents: Pick<DocumentFileStore, 'removeApplications'> },
  applicationIds: readonly string[],
): Promise<void> {
  countEvent(broker, 'erased', applicationIds.length);
  for (const applicationId of applicationIds) broker.hub.forget(applicationId);
  await broker.documents.removeApplications(applicationIds);
}

/**
 * Every transaction that changes an application's lender rows or offers locks the application row first: taken
 * later, after an offer insert's foreign-key share lock, it deadlocks two callbacks. Answers the application's
 * notice choices, which decide whether a change can be worth a message.
 */
export async function lockApplication(tx: Sql, applicationId: string): Promise<NoticeChoices> {
  const [row] = (
    await tx.query<{ notice_choices: NoticeChoices }>(
      'SELECT notice_choices FROM applications WHERE id = $1 FOR UPDATE',
      [applicationId],
    )
  ).rows;
  return row?.notice_choices ?? {};
}

/**
 * The lenders' progress as the SET items of an `UPDATE applications`: `offerArrived` once the application has an
 * offer, `lendersAnsweredWithoutOffer` once no lender request is still out and none offered, each where the model
 * allows it; any other state stays as it is. `updated_at` moves while lenders hold the application open (their
 * answers change its status); an application they no longer answer keeps its time. `anyOffer` and `anyPending`
 * are SQL conditions: whether the application has an offer, and a lender request still out.
 */
export const lenderProgressSetSql = ({ anyOffer, anyPending }: { anyOffer: string; anyPending: string }) =>
  `state = CASE
     WHEN ${mayStartSql('offerArrived')} AND (${anyOffer}) THEN ${targetSql('offerArrived')}
     WHEN ${mayStartSql('lendersAnsweredWithoutOffer')} AND NOT (${anyPending}) THEN ${targetSql('lendersAnsweredWithoutOffer')}
     ELSE state END,
   updated_at = CASE WHEN state = ANY('{${STATES_OPEN_WITH_LENDERS.join(',')}}'::text[]) THEN now() ELSE updated_at END`;

/**
 * The statement that moves application $1 by its lenders' progress (lenderProgressSetSql), for a CTE of a use
 * case's one statement; `where` may hold more conditions on the row.
 */
export const lenderProgressUpdateSql = ({
  anyOffer,
  anyPending,
  where = 'TRUE',
  returning,
}: {
  anyOffer: string;
  anyPending: string;
  where?: string;
  returning: string;
}): string =>
  `UPDATE applications SET ${lenderProgressSetSql({ anyOffer, anyPending })}
   WHERE id = $1 AND (${where}) RETURNING ${returning}`;

/** The lender requests of application $1 that are still out. */
export const PENDING_REQUESTS_SQL = `SELECT 1 FROM lender_requests WHERE application_id = $1 AND state IN ('queued', 'sending', 'sent')`;

/**
 * After any lender row changes: the application's state by lenderProgressSetSql, announced. One statement: it runs
 * while the application row is locked, and every round trip there made the other lenders' callbacks of the same
 * application wait longer. A state it enters counts in `owner`'s metrics (the RETURNING's sub-select reads the row
 * as it was before the statement).
 */
export async function refreshLenderProgress(
  tx: Sql,
  applicationId: string,
  owner: MetricsOwner,
): Promise<ApplicationState | null> {
  const [application] = (
    await tx.query<{ state: ApplicationState; previous: ApplicationState }>(
      lenderProgressUpdateSql({
        anyOffer: 'EXISTS (SELECT 1 FROM offers WHERE application_id = $1)',
        anyPending: `EXISTS (${PENDING_REQUESTS_SQL})`,
        returning: `state, (SELECT p.state FROM applications p WHERE p.id = $1) AS previous, ${announceSql('id')}`,
      }),
      [applicationId],
    )
  ).rows;
  if (application && application.state !== application.previous) countStateChange(owner, application.state);
  return application?.state ?? null;
}

/**
 * After the commit of lender changes (answers, declines, timeouts, a signature): this process forgets the cached
 * status, and the notices look for what became due.
 */
export async function afterLenderChanges(
  broker: Broker,
  applicationId: string,
  noticeChoices: NoticeChoices,
): Promise<void> {
  broker.hub.forget(applicationId);
  await noticeLenderProgress(broker, applicationId, noticeChoices);
}
