import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hkdfSync, randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import type { DatabaseConfig } from '../db/database.ts';
import { lenderRegistryFromEnv } from '../lenders/lender-config.ts';
import type { LenderEndpoint } from '../lenders/registry.ts';
import { parseKeyList } from '../security/field-cipher.ts';
import { parsePublisherKeys, type PublisherKey } from './publisher-keys.ts';
import { publishersFromEnv, type PublisherConfig } from '../publishers/publisher-config.ts';

/** Everything the broker reads from its environment, resolved once at start. */
export interface BrokerConfig {
  readonly port: number;
  readonly host: string;
  /** where browsers and partners reach this server: return URLs and lender callbacks are built on it */
  readonly publicBaseUrl: string;
  /** PUBLIC_BASE_URL's origin when the environment sets it; without it, pages name the origin they were asked at */
  readonly declaredPublicOrigin?: string | null;
  readonly database: DatabaseConfig;
  /** where uploaded documents are kept, encrypted: DATA_DIR/documents; null: a temporary directory removed on close */
  readonly documentsDir: string | null;
  readonly encryption: { readonly keys: ReadonlyMap<string, Buffer>; readonly currentKeyId: string };
  readonly bankLinkBaseUrl: string;
  readonly smartId: { readonly baseUrl: string; readonly relyingPartyUUID: string; readonly relyingPartyName: string };
  readonly eParaksts: { readonly baseUrl: string; readonly clientId: string; readonly clientSecret: string | null };
  /** the partner lenders (LENDERS_CONFIG or LENDERS_CONFIG_FILE); empty when the environment names none */
  readonly lenders: readonly LenderEndpoint[];
  readonly lenderAnswerTimeoutSeconds: number;
  readonly lenderMaxAttempts: number;
  readonly tokenTtlDays: number;
  readonly retentionDays: number;
  /** multiplies every rate limit; tests that send thousands of requests raise it */
  readonly rateLimitScale: number;
  /** run pg-boss workers in this process (a process may serve HTTP only) */
  readonly workers: boolean;
  /** PUBLISHER_KEYS: who may read the publisher report, by key digest; empty: nobody */
  readonly publisherKeys: readonly PublisherKey[];
  /** PUBLISHERS_CONFIG or PUBLISHERS_CONFIG_FILE: the publishers and their share of the commission; empty: none */
  readonly publishers: readonly PublisherConfig[];
  /** METRICS_TOKEN: the bearer token of GET /metrics (Prometheus); null: no metrics route */
  readonly metricsToken?: string | null;
  /** the key of the keyed hashes people and phones are found by, and of the continue links' signatures */
  readonly lookupKey: Buffer;
  /**
   * The local administration's secret (npm run staff, npm run audit:verify): STAFF_ADMIN_SECRET, else one made
   * once and kept in DATA_DIR/staff-admin-secret, where the CLI on the same machine reads it
   */
  readonly staffAdminSecret: string;
  readonly notices: {
    /** SMTP_URL (smtp://user:pass@host:port); null: e-mail notices wait in the queue until one is set */
    readonly smtpUrl: string | null;
    /** MAIL_FROM: the sender of every message */
    readonly mailFrom: string;
    /** SMS_URL: the SMS gateway's send endpoint (POST JSON {to, text}); null: no SMS */
    readonly smsUrl: string | null;
    /** SMS_API_KEY: the gateway's bearer key */
    readonly smsApiKey: string | null;
    /** NOTICE_RETRY_DELAY_SECONDS: the first retry of an undelivered message; later ones back off */
    readonly retryDelaySeconds: number;
    /** NOTICE_BATCH_SECONDS: "offers ready" waits this long, so offers arriving together make one message */
    readonly batchSeconds: number;
  };
}

type Env = Readonly<Record<string, string | undefined>>;

const number = (value: string | undefined, fallback: number): number => {
  const parsed = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(parsed) ? parsed : fallback;
};

export function loadConfig(env: Env = process.env, cwd = process.cwd()): BrokerConfig {
  const port = number(env.PORT, 3000);
  const host = env.HOST ?? '127.0.0.1';
  const publicBaseUrl = (env.PUBLIC_BASE_URL ?? `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`).replace(
    /\/$/,
    '',
  );
  const dataDir = env.DATA_DIR ?? join(cwd, '.data');
  const inMemory = dataDir === 'memory';
  const database: DatabaseConfig = env.DATABASE_URL
    ? { url: env.DATABASE_URL }
    : { dataDir: inMemory ? null : join(dataDir, 'pglite') };
  const sandbox = `${publicBaseUrl}/sandbox`;
  const encryption = encryptionKeys(env, inMemory ? null : join(dataDir, 'dev-encryption-key'));
  return {
    port,
    host,
    publicBaseUrl,
    declaredPublicOrigin: env.PUBLIC_BASE_URL ? new URL(publicBaseUrl).origin : null,
    database,
    documentsDir: inMemory ? null : join(dataDir, 'documents'),
    encryption,
    bankLinkBaseUrl: env.BANK_LINK_BASE_URL ?? `${sandbox}/banks`,
    smartId: {
      baseUrl: env.SMART_ID_BASE_URL ?? `${sandbox}/smart-id/v2`,
      relyingPartyUUID: env.SMART_ID_RP_UUID ?? '00000000-0000-4000-8000-000000000000',
      relyingPartyName: env.SMART_ID_RP_NAME ?? 'DEMO',
    },
    eParaksts: {
      baseUrl: env.EPARAKSTS_BASE_URL ?? `${sandbox}/eparaksts`,
      clientId: env.EPARAKSTS_CLIENT_ID ?? 'kreditkompass',
      clientSecret: env.EPARAKSTS_CLIENT_SECRET ?? null,
    },
    lenders: lenderRegistryFromEnv(env),
    lenderAnswerTimeoutSeconds: number(env.LENDER_ANSWER_TIMEOUT_SECONDS, 3600),
    lenderMaxAttempts: number(env.LENDER_MAX_ATTEMPTS, 6),
    tokenTtlDays: number(env.TOKEN_TTL_DAYS, 30),
    retentionDays: number(env.RETENTION_DAYS, 90),
    rateLimitScale: number(env.RATE_LIMIT_SCALE, 1),
    workers: env.WORKERS !== 'off',
    publisherKeys: parsePublisherKeys(env.PUBLISHER_KEYS),
    publishers: publishersFromEnv(env),
    metricsToken: env.METRICS_TOKEN || null,
    lookupKey: lookupKey(env, encryption),
    staffAdminSecret: staffAdminSecret(env, inMemory ? null : staffAdminSecretFile(dataDir)),
    notices: {
      smtpUrl: env.SMTP_URL || null,
      mailFrom: env.MAIL_FROM ?? 'Kreditkompass <pazinojumi@kreditkompass.lv>',
      smsUrl: env.SMS_URL || null,
      smsApiKey: env.SMS_API_KEY || null,
      retryDelaySeconds: number(env.NOTICE_RETRY_DELAY_SECONDS, 30),
      batchSeconds: number(env.NOTICE_BATCH_SECONDS, 20),
    },
  };
}

/**
 * LOOKUP_KEY (base64, 32 bytes) in a real deployment. Without it the key is derived from the first
 * encryption key listed, which stays listed while older rows need it; rotating it re-keys every lookup.
 */
function lookupKey(env: Env, encryption: BrokerConfig['encryption']): Buffer {
  if (env.LOOKUP_KEY) return Buffer.from(env.LOOKUP_KEY, 'base64');
  const [first] = encryption.keys.values();
  if (!first) throw new Error('no encryption key to derive the lookup key from');
  return Buffer.from(hkdfSync('sha256', first, Buffer.alloc(0), 'kreditkompass person lookup', 32));
}

/**
 * Keys come from ENCRYPTION_KEYS in any real deployment. For `npm start` on a laptop a key is made
 * once and kept beside the embedded database, so a restart can still read what it stored.
 */
function encryptionKeys(env: Env, devKeyFile: string | null): BrokerConfig['encryption'] {
  if (env.ENCRYPTION_KEYS) {
    const { keys, lastId } = parseKeyList(env.ENCRYPTION_KEYS);
    return { keys, currentKeyId: env.ENCRYPTION_KEY_ID ?? lastId };
  }
  if (env.DATABASE_URL) throw new Error('ENCRYPTION_KEYS must be set when DATABASE_URL is');
  if (devKeyFile === null) return { keys: new Map([['memory', randomBytes(32)]]), currentKeyId: 'memory' };
  if (!existsSync(devKeyFile)) {
    mkdirSync(dirname(devKeyFile), { recursive: true });
    writeFileSync(devKeyFile, randomBytes(32).toString('base64'), { mode: 0o600 });
  }
  return {
    keys: new Map([['dev', Buffer.from(readFileSync(devKeyFile, 'utf8').trim(), 'base64')]]),
    currentKeyId: 'dev',
  };
}

/** Where the server keeps its local administration secret, and the staff CLI looks for it. */
export const staffAdminSecretFile = (dataDir: string): string => join(dataDir, 'staff-admin-secret');

/** The data dir the environment names, as loadConfig resolves it; null: in memory. */
export const dataDirOf = (env: Env = process.env, cwd = process.cwd()): string | null => {
  const dataDir = env.DATA_DIR ?? join(cwd, '.data');
  return dataDir === 'memory' ? null : dataDir;
};

function staffAdminSecret(env: Env, file: string | null): string {
  if (env.STAFF_ADMIN_SECRET) return env.STAFF_ADMIN_SECRET;
  if (file === null) return randomBytes(32).toString('base64url');
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}
