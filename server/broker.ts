import type { FastifyBaseLogger } from 'fastify';
import { PgBoss } from 'pg-boss';
import { eParakstsCallback } from '../domain/contract/identification.ts';
import type { BrokerConfig } from './config/config.ts';
import { openDatabase, type Database } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { createEParakstsClient, eParakstsSandboxClientSecret } from './identity/eparaksts-client.ts';
import { createSmartIdClient } from './identity/smart-id-client.ts';
import type { LenderEndpoint } from './lenders/registry.ts';
import { createFieldCipher, type FieldCipher } from './security/field-cipher.ts';
import { buildStatus } from './applications/status.ts';
import { createStatusHub, type StatusHub } from './applications/status-hub.ts';
import { forgetTokensOf } from './applications/lookup.ts';
import { TOKENS_CHANNEL } from './applications/token-revocation.ts';
import { createMailer, type Mailer } from './notices/mailer.ts';
import { createSmsGateway, type SmsGateway } from './notices/sms-gateway.ts';
import { createBackgroundTasks, type BackgroundTasks } from './jobs/background-tasks.ts';
import { openDocumentFileStore, type DocumentFileStore } from './documents/file-store.ts';

/** The broker's long-lived parts, created once per process and handed to routes and jobs. */
export interface Broker {
  readonly config: BrokerConfig;
  readonly db: Database;
  readonly cipher: FieldCipher;
  readonly boss: PgBoss;
  readonly lenders: ReadonlyMap<string, LenderEndpoint>;
  readonly smartId: ReturnType<typeof createSmartIdClient>;
  readonly eParaksts: ReturnType<typeof createEParakstsClient>;
  readonly hub: StatusHub;
  readonly mailer: Mailer;
  readonly sms: SmsGateway;
  readonly log: FastifyBaseLogger;
  /** what this process follows beside its requests (Smart-ID sessions) */
  readonly background: BackgroundTasks;
  /** the files people upload for lenders' documents requests, encrypted on disk */
  readonly documents: DocumentFileStore;
  close(): Promise<void>;
}

export async function createBroker(config: BrokerConfig, log: FastifyBaseLogger): Promise<Broker> {
  const db = await openDatabase(config.database);
  await migrate(db);
  const cipher = createFieldCipher(config.encryption.keys, config.encryption.currentKeyId);
  const lenders = new Map(config.lenders.map((lender) => [lender.id, lender]));
  const documents = await openDocumentFileStore(config.documentsDir, config.encryption);

  const boss = new PgBoss({
    ...(db.boss.db ? { db: db.boss.db } : { connectionString: db.boss.connectionString }),
    backend: db.boss.backend,
    useListenNotify: true,
    schedule: config.workers,
    supervise: config.workers,
  });
  boss.on('error', (error: Error) =>
    log.error({ err: { type: error.name, message: error.message } }, 'job queue error'),
  );
  await boss.start();

  const hub = await createStatusHub(db, async (applicationId) => {
    const status = await buildStatus(db, cipher, lenders, applicationId);
    return status ? JSON.stringify(status) : null;
  });

  // "log out everywhere" in any process replaces tokens this process may hold in its cache
  const unlistenTokens = await db.listen(TOKENS_CHANNEL, forgetTokensOf);

  const mailer = createMailer(config.notices.smtpUrl, config.notices.mailFrom);
  // the key names the task (an identification's id), never a person
  const background = createBackgroundTasks((key, error) =>
    log.warn(
      { err: { type: (error as Error).name, message: (error as Error).message }, task: key },
      'background task failed',
    ),
  );
  return {
    config,
    db,
    cipher,
    boss,
    lenders,
    smartId: createSmartIdClient({
      baseUrl: config.smartId.baseUrl,
      relyingPartyUUID: config.smartId.relyingPartyUUID,
      relyingPartyName: config.smartId.relyingPartyName,
    }),
    eParaksts: createEParakstsClient({
      baseUrl: config.eParaksts.baseUrl,
      clientId: config.eParaksts.clientId,
      clientSecret: config.eParaksts.clientSecret ?? eParakstsSandboxClientSecret(),
      redirectUri: `${config.publicBaseUrl}${eParakstsCallback.path}`,
    }),
    hub,
    mailer,
    sms: createSmsGateway(config.notices.smsUrl, config.notices.smsApiKey),
    log,
    background,
    documents,
    async close() {
      await background.close();
      await hub.close();
      await unlistenTokens();
      mailer.close();
      await boss.stop({ graceful: true, timeout: 5000 });
      await db.close();
      await documents.close();
    },
  };
}
