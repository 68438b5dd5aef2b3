import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { databaseNonceStore } from './database-nonce-store.ts';

let db: Database;
beforeAll(async () => {
  db = await openDatabase({ dataDir: null });
  await migrate(db);
});
afterAll(() => db.close());

const later = () => new Date(Date.now() + 600_000);

describe('databaseNonceStore', () => {
  it('accepts each nonce once, also when the callbacks arrive together and through two processes', async () => {
    const one = databaseNonceStore(db);
    const two = databaseNonceStore(db);
    const answers = await Promise.all([
      one.remember('lender-a', 'n1', later()),
      one.remember('lender-a', 'n2', later()),
      one.remember('lender-b', 'n1', later()),
      // the same nonce twice in one batch, and from the other process at the same time
      one.remember('lender-a', 'n3', later()),
      one.remember('lender-a', 'n3', later()),
      two.remember('lender-a', 'n3', later()),
    ]);
    expect(answers.slice(0, 3)).toEqual([true, true, true]);
    expect(answers.slice(3).filter(Boolean)).toHaveLength(1);
    expect(await two.remember('lender-a', 'n1', later())).toBe(false);
    expect(await two.remember('lender-b', 'n2', later())).toBe(true);
  });

  it('counts a nonce that comes twice in one batch once', async () => {
    const store = databaseNonceStore(db);
    // the first goes at once; the two that follow wait for it and go together
    const answers = await Promise.all([
      store.remember('lender-c', 'first', later()),
      store.remember('lender-c', 'twice', later()),
      store.remember('lender-c', 'twice', later()),
    ]);
    expect(answers).toEqual([true, true, false]);
  });
});
