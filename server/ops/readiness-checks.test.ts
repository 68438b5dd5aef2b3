import { describe, expect, it } from 'vitest';
import type { Sql } from '../db/database.ts';
import { migrationFiles } from '../db/migrate.ts';
import { databaseCheck } from './readiness-checks.ts';

const answering = (names: string[]): Sql => ({
  query: async <Row>() => ({ rows: [{ count: names.length }] as Row[] }),
});

describe('the database part of readiness', () => {
  it('is ready when every migration file is recorded', async () => {
    expect(await databaseCheck(answering(migrationFiles()))()).toEqual([]);
  });

  it('names the migrations when one is missing', async () => {
    expect(await databaseCheck(answering(migrationFiles().slice(1)))()).toEqual(['migrations']);
  });

  it('names the database when it hangs, within the timeout, and probes meanwhile share the wait', async () => {
    let queries = 0;
    const hung: Sql = {
      query: () => {
        queries += 1;
        return new Promise(() => undefined);
      },
    };
    const check = databaseCheck(hung, 50);
    const started = performance.now();
    expect(await Promise.all([check(), check()])).toEqual([['database'], ['database']]);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(queries).toBe(1);
  });
});
