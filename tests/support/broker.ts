import { randomBytes } from 'node:crypto';
import type { RouteOptions } from 'fastify';
import pg from 'pg';
import { buildApp, type BrokerApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config/config.ts';
import { registerSandbox } from '../../server/sandbox/register.ts';
import type { SandboxMailServer } from '../../server/sandbox/mail/mail-server.ts';
import { loadSandboxConfig, withSandboxLenders, withSandboxMessaging } from '../../server/sandbox/sandbox-config.ts';
import { startWorkers } from '../../server/jobs/workers.ts';
import { freePort } from './postgres-cluster.ts';

export type Storage = 'pglite' | 'postgres';

export interface RunningBroker extends BrokerApp {
  readonly url: string;
  /** every log line the server wrote */
  readonly logs: string[];
  /** the sandbox's mail catcher (messages also at /sandbox/mail); null when the test set SMTP_URL */
  readonly mailbox: SandboxMailServer | null;
  close(): Promise<void>;
}

/** A fresh database in the shared test cluster, so test files never see each other's rows. */
export async function createDatabase(adminUrl: string): Promise<string> {
  const name = `kk_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export const TEST_ENCRYPTION_KEYS = `test-1:${randomBytes(32).toString('base64')}`;

/**
 * The real server on a free port: the API, the jobs, and the simulators of banks, Smart-ID,
 * eParaksts, lenders and SMS mounted in the same process and reached over HTTP, and a mail catcher
 * on a port of its own that e-mail goes to over SMTP unless the test sets SMTP_URL.
 */
export async function startBroker(options: {
  storage: Storage;
  postgresUrl?: string;
  databaseUrl?: string;
  env?: Record<string, string>;
  /** false: no log lines at all (the benches) */
  logger?: boolean;
  /** told of every route as it is added (the OpenAPI test checks each /api route was decided on) */
  onRoute?: (route: RouteOptions) => void;
}): Promise<RunningBroker> {
  const port = await freePort();
  const databaseUrl =
    options.storage === 'postgres'
      ? (options.databaseUrl ?? (await createDatabase(requireUrl(options.postgresUrl))))
      : undefined;
  const config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: 'memory',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ENCRYPTION_KEYS: TEST_ENCRYPTION_KEYS,
    SANDBOX_LENDER_DELAY_MS: '0',
    RATE_LIMIT_SCALE: '1000',
    ...options.env,
  });
  const sandbox = loadSandboxConfig({ SANDBOX_LENDER_DELAY_MS: '0', ...options.env }, config.publicBaseUrl);
  const logs: string[] = [];
  const messaging = await withSandboxMessaging(withSandboxLenders(config, sandbox), sandbox);
  const { mailbox } = messaging;
  try {
    const built = await buildApp({
      clientDir: null,
      config: messaging.config,
      extend: async (app) => {
        const { onRoute } = options;
        if (onRoute) app.addHook('onRoute', onRoute);
        await registerSandbox(app, sandbox, { mailbox });
      },
      logger: options.logger ?? true,
      logStream: { write: (line) => void logs.push(line) },
    });
    await built.app.listen({ port, host: '127.0.0.1' });
    await startWorkers(built.broker);
    const close = async () => {
      await built.app.close();
      await mailbox?.close();
    };
    return { ...built, url: `http://127.0.0.1:${port}`, logs, mailbox, close };
  } catch (error) {
    // a broker that did not start must not leave its mail catcher listening
    await mailbox?.close();
    throw error;
  }
}

function requireUrl(url: string | undefined): string {
  if (!url) throw new Error('postgresUrl is required for storage "postgres"');
  return url;
}
