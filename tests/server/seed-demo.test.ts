import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createApplicationSchema } from '../../domain/application.ts';
import { isValidPersonalCode } from '../../domain/personal-code.ts';
import { isValidPhone } from '../../domain/phone.ts';
import { openApplicant } from '../../server/applications/applicant-record.ts';
import { loadConfig } from '../../server/config/config.ts';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { demoContextOf } from '../../server/demo/demo-context.ts';
import type { DemoContext } from '../../server/demo/demo-journey.ts';
import { DemoRefusal, seedDemo } from '../../server/demo/seed-demo.ts';
import { loadSandboxConfig, withSandboxLenders } from '../../server/sandbox/sandbox-config.ts';
import { findSandboxLender } from '../../server/sandbox/lenders/catalogue.ts';
import { createFieldCipher } from '../../server/security/field-cipher.ts';
import { verifyAuditChain } from '../../server/staff/audit-log.ts';
import { createDatabase, type Storage } from '../support/broker.ts';

const APPLICATIONS = 300;
const NOW = new Date('2026-11-27T12:00:00.000Z');
const config = withSandboxLenders(
  loadConfig({ DATA_DIR: 'memory', ENCRYPTION_KEYS: `seed-test:${randomBytes(32).toString('base64')}` }),
  loadSandboxConfig({}, 'http://127.0.0.1:3000'),
);
const cipher = createFieldCipher(config.encryption.keys, config.encryption.currentKeyId);
const contextOf = (seed: string): DemoContext =>
  demoContextOf(config, cipher, seed, NOW, (id) => findSandboxLender(id)?.delay.medianSeconds);

async function freshDatabase(storage: Storage): Promise<Database> {
  const db = await openDatabase(
    storage === 'postgres' ? { url: await createDatabase(inject('postgresUrl')) } : { dataDir: null },
  );
  await migrate(db);
  return db;
}

const count = async (db: Database, sql: string): Promise<number> =>
  Number((await db.query<{ n: string }>(`SELECT count(*) AS n FROM ${sql}`)).rows[0]?.n);

/** What two seeds of the same number and "now" must agree on (the ciphertexts differ: each has its random IV). */
const projection = async (db: Database) => ({
  applications: (
    await db.query(
      `SELECT id, state, amount, term, purpose, tracking, person_key, chosen_offer_id, identified_at, signed_at, paid_at,
              created_at FROM applications ORDER BY id`,
    )
  ).rows,
  lenders: (
    await db.query('SELECT id, application_id, lender_id, state, failure, answered_at FROM lender_requests ORDER BY id')
  ).rows,
  offers: (await db.query('SELECT id, lender_id, amount, apr, valid_until FROM offers ORDER BY id')).rows,
  audit: (await db.query('SELECT seq, at, action, application_id, hash FROM audit_log ORDER BY seq')).rows,
});

describe.each<Storage>(['pglite', 'postgres'])('npm run seed:demo (%s)', (storage) => {
  let db: Database;
  beforeAll(async () => {
    db = await freshDatabase(storage);
    await seedDemo(db, contextOf('test'), { applications: APPLICATIONS });
  });
  afterAll(() => db.close());

  it('writes a funnel whose every stage holds at most the applications of the stage before', async () => {
    const stages = [
      await count(db, 'applications'),
      await count(db, 'applications a WHERE EXISTS (SELECT 1 FROM identifications i WHERE i.application_id = a.id)'),
      await count(db, 'applications WHERE identified_at IS NOT NULL'),
      await count(db, 'applications a WHERE EXISTS (SELECT 1 FROM offers o WHERE o.application_id = a.id)'),
      await count(db, 'applications WHERE chosen_offer_id IS NOT NULL'),
      await count(db, 'applications WHERE signed_at IS NOT NULL'),
      await count(db, 'applications WHERE paid_at IS NOT NULL'),
    ];
    expect(stages[0]).toBe(APPLICATIONS);
    stages.slice(1).forEach((stage, index) => expect(stage).toBeLessThanOrEqual(stages[index] as number));
    // the realistic mix: some of every stage, down to paid loans
    expect(stages[6]).toBeGreaterThan(0);
    expect(await count(db, `lender_requests WHERE state = 'declined'`)).toBeGreaterThan(0);
    expect(await count(db, `lender_requests WHERE state IN ('timeout', 'failed')`)).toBeGreaterThan(0);
  });

  it('gives every paid loan its signature and its chosen offer, of its own application, and each state its times', async () => {
    expect(
      await count(
        db,
        `applications WHERE paid_at IS NOT NULL AND (signed_at IS NULL OR chosen_offer_id IS NULL OR paid_at < signed_at)`,
      ),
    ).toBe(0);
    expect(await count(db, `applications WHERE state = 'paid' AND paid_at IS NULL`)).toBe(0);
    // an expired application left offers or offerChosen exactly when it had offers, as the funnel counts it
    expect(await count(db, `applications WHERE state = 'expired' AND expired_from IN ('offers', 'offerChosen')`)).toBe(
      await count(
        db,
        `applications a WHERE state = 'expired' AND EXISTS (SELECT 1 FROM offers o WHERE o.application_id = a.id)`,
      ),
    );
    expect(await count(db, `applications WHERE (state = 'expired') <> (expired_from IS NOT NULL)`)).toBe(0);
    expect(await count(db, `applications WHERE state IN ('signed', 'offerChosen') AND chosen_offer_id IS NULL`)).toBe(
      0,
    );
    expect(
      await count(
        db,
        'applications a WHERE chosen_offer_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM offers o WHERE o.id = a.chosen_offer_id AND o.application_id = a.id)',
      ),
    ).toBe(0);
    expect(
      await count(
        db,
        "offers o WHERE NOT EXISTS (SELECT 1 FROM lender_requests r WHERE r.application_id = o.application_id AND r.lender_id = o.lender_id AND r.state = 'offer')",
      ),
    ).toBe(0);
    expect(
      await count(
        db,
        `applications WHERE created_at > $$${NOW.toISOString()}$$::timestamptz OR created_at < $$${NOW.toISOString()}$$::timestamptz - interval '366 days'`,
      ),
    ).toBe(0);
    // the references no foreign key guards: the audit log outlives applications, so it has none
    expect(
      await count(
        db,
        'audit_log l WHERE application_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM applications a WHERE a.id = l.application_id)',
      ),
    ).toBe(0);
    expect(await count(db, `applications WHERE NOT starts_with(idempotency_key, 'demo:test:')`)).toBe(0);
  });

  it('seals applicants the server can open: valid forms with valid personal codes, example addresses, Latvian mobiles', async () => {
    const schema = createApplicationSchema(() => NOW);
    const { rows } = await db.query<{ id: string; key_id: string; applicant_ciphertext: string; person_key: string }>(
      'SELECT id, key_id, applicant_ciphertext, person_key FROM applications',
    );
    for (const row of rows) {
      const form = openApplicant(cipher, row);
      expect(schema.safeParse(form).error).toBeUndefined();
      expect(isValidPersonalCode(form?.personalId ?? '')).toBe(true);
      expect(isValidPhone(form?.phoneNumber ?? '')).toBe(true);
      expect(form?.email).toMatch(/@example\.(lv|com|org|net)$/);
    }
  });

  it('leaves an audit log whose hash chain holds', async () => {
    const verified = await verifyAuditChain(db);
    expect(verified.ok).toBe(true);
    expect(verified.records).toBeGreaterThan(0);
  });

  it('makes the same applications from the same seed, and refuses to make them twice', async () => {
    const again = await freshDatabase(storage);
    try {
      await seedDemo(again, contextOf('test'), { applications: APPLICATIONS });
      expect(await projection(again)).toEqual(await projection(db));
      await expect(seedDemo(again, contextOf('test'), { applications: 10 })).rejects.toThrow(
        /seed test are there already/,
      );
    } finally {
      await again.close();
    }
  });

  it('refuses a database with real applications unless forced', async () => {
    const real = await freshDatabase(storage);
    try {
      await real.query(
        `INSERT INTO applications (id, token_hash, token_expires_at, idempotency_key, request_hash, token_ciphertext, state,
           language, amount, term, purpose, key_id)
         VALUES ('00000000-0000-4000-8000-000000000001', 'h', now(), 'a-person', 'r', 't', 'draft', 'lv', 1000, 12,
           'personalNeeds', 'k')`,
      );
      await expect(seedDemo(real, contextOf('other'), { applications: 10 })).rejects.toBeInstanceOf(DemoRefusal);
      expect(await count(real, 'applications')).toBe(1);
      await seedDemo(real, contextOf('other'), { applications: 10, force: true });
      expect(await count(real, 'applications')).toBe(11);
    } finally {
      await real.close();
    }
  });
});
