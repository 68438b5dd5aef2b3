import { context, SpanKind, trace } from '@opentelemetry/api';
import {
  ATTR_DB_OPERATION_NAME,
  ATTR_DB_SYSTEM_NAME,
  DB_SYSTEM_NAME_VALUE_POSTGRESQL,
} from '@opentelemetry/semantic-conventions';
import type { Database, Sql } from '../../db/database.ts';
import { activeTracer, endingSpan } from './tracer.ts';

/** The statement's first keyword (SELECT, UPDATE, WITH…): what it does, and nothing of what it carries. */
function operationOf(text: string): string {
  return /^\s*([A-Za-z]+)/.exec(text)?.[1]?.toUpperCase() ?? 'SQL';
}

/**
 * A client span around one statement (or a whole transaction), only inside a span already: a query outside any
 * traced work (pg-boss's upkeep, timers) would otherwise start a trace of its own, one per statement. Neither the
 * statement's text nor its parameters go into the span: the parameters are personal data, and the operation and
 * the parent span say which statement it was.
 */
export function tracedStatement<T>(text: string | null, run: () => Promise<T>): Promise<T> {
  const tracer = activeTracer();
  if (tracer === null || trace.getActiveSpan() === undefined) return run();
  const operation = text === null ? 'TRANSACTION' : operationOf(text);
  const span = tracer.startSpan(operation, {
    kind: SpanKind.CLIENT,
    attributes: { [ATTR_DB_SYSTEM_NAME]: DB_SYSTEM_NAME_VALUE_POSTGRESQL, [ATTR_DB_OPERATION_NAME]: operation },
  });
  return context.with(trace.setSpan(context.active(), span), () => endingSpan(span, run, sqlStateOf));
}

/** The SQLSTATE or the error's name: PostgreSQL's messages may quote a value (a duplicate key's). */
function sqlStateOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : error instanceof Error ? error.name : 'error';
}

/**
 * The database with a span per statement and per transaction, when tracing is on as it opens (the entries register
 * it first); otherwise the database itself, untouched: no wrapper, no closure per query.
 */
export function tracedDatabase(db: Database): Database {
  if (activeTracer() === null) return db;
  const traced =
    (sql: Sql): Sql['query'] =>
    (text, params) =>
      tracedStatement(text, () => sql.query(text, params));
  return {
    ...db,
    query: traced(db),
    transaction: (work) => tracedStatement(null, () => db.transaction((tx) => work({ query: traced(tx) }))),
  };
}
