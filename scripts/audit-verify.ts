/**
 * `npm run audit:verify`: walks the audit log's hash chain in the running server (scripts/local-admin.ts, which
 * reaches PGlite and PostgreSQL alike) and names the first record that does not hold. Exit code 0: the chain is
 * whole; 1: it is broken, or the server could not be asked.
 */
import { pathOf } from '../domain/contract/define-endpoint.ts';
import { localVerifyAudit } from '../domain/contract/staff.ts';
import { auditVerifyAnswerSchema } from '../domain/staff-api.ts';
import { callServer } from './local-admin.ts';

async function main(): Promise<number> {
  const response = await callServer(pathOf(localVerifyAudit));
  if (response.status !== 200) {
    console.error(`refused (${response.status}): ${await response.text()}`);
    return 1;
  }
  const answer = auditVerifyAnswerSchema.parse(await response.json());
  if (answer.broken) {
    console.error(
      `audit log broken at record ${answer.broken.seq}: ${answer.broken.problem} (${answer.records} records before it hold)`,
    );
    return 1;
  }
  console.log(`audit log intact: ${answer.records} records`);
  return 0;
}

process.exitCode = await main().catch((error: unknown) => {
  console.error((error as Error).message);
  return 1;
});
