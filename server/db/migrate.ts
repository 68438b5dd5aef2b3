import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database, Sql } from './database.ts';

const MIGRATIONS_DIR = join(import.meta.dirname, 'migrations');

/**
 * Applies the numbered SQL files in migrations/ once each, in order. An advisory lock held for the
 * transaction lets several processes start together on one PostgreSQL without racing.
 */
export async function migrate(db: Database): Promise<string[]> {
  const files = migrationFiles();
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(7204151)');
    await tx.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set(
      (await tx.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name),
    );
    const applied: string[] = [];
    for (const name of files) {
      if (done.has(name)) continue;
      for (const statement of splitStatements(readFileSync(join(MIGRATIONS_DIR, name), 'utf8'))) {
        await tx.query(statement);
      }
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
      applied.push(name);
    }
    return applied;
  });
}

/** The names of this code's migrations, in the order they apply; `schema_migrations` records each applied one. */
export function migrationFiles(): string[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((name) => /^\d{4}_[\w-]+\.sql$/.test(name))
    .sort();
}

/**
 * How many of `files` are recorded as applied (readiness compares it with their number). Throws, as any query does,
 * when the database does not answer, and with code 42P01 when no migration ever ran.
 */
export async function appliedCount(db: Sql, files: readonly string[]): Promise<number> {
  const { rows } = await db.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM schema_migrations WHERE name = ANY($1::text[])',
    [files],
  );
  return rows[0]?.count ?? 0;
}

/** Migrations are plain statements separated by semicolons at line ends (no functions with bodies). */
function splitStatements(sql: string): string[] {
  return sql
    .replace(/--.*$/gm, '')
    .split(/;\s*$/m)
    .map((statement) => statement.trim())
    .filter(Boolean);
}
