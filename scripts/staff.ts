/**
 * The staff's local administration: `npm run staff -- add EMAIL ROLE [NAME] [--ru]` adds a member (the first
 * administrator) and prints their one-time enrolment link as its last line. It asks the running server
 * (scripts/local-admin.ts), so it works on the embedded database as on PostgreSQL; later members are added by
 * an administrator in the staff app. ROLE: admin (administrator), compliance or consultant.
 */
import { pathOf } from '../domain/contract/define-endpoint.ts';
import { localAddStaff } from '../domain/contract/staff.ts';
import { enrolmentLinkAnswerSchema, STAFF_ROLES, type StaffRole } from '../domain/staff-api.ts';
import { callServer } from './local-admin.ts';

const ROLE_NAMES: Readonly<Record<string, StaffRole>> = {
  admin: 'administrator',
  ...Object.fromEntries(STAFF_ROLES.map((role) => [role, role])),
};
const USAGE = 'usage: npm run staff -- add EMAIL admin|compliance|consultant [NAME] [--ru]';

async function main(args: readonly string[]): Promise<number> {
  const ru = args.includes('--ru');
  const [command, email, roleName, ...nameParts] = args.filter((arg) => arg !== '--ru');
  const role = ROLE_NAMES[roleName ?? ''];
  if (command !== 'add' || !email || !role) {
    console.error(USAGE);
    return 2;
  }
  const response = await callServer(pathOf(localAddStaff), {
    method: 'POST',
    body: JSON.stringify({ email, name: nameParts.join(' '), role, language: ru ? 'ru' : 'lv' }),
  });
  if (response.status !== 201) {
    console.error(`refused (${response.status}): ${await response.text()}`);
    return 1;
  }
  const answer = enrolmentLinkAnswerSchema.parse(await response.json());
  console.log(`added ${answer.member.email} as ${answer.member.role}; the link works once, until ${answer.expiresAt}:`);
  console.log(answer.enrolmentUrl);
  return 0;
}

process.exitCode = await main(process.argv.slice(2)).catch((error: unknown) => {
  console.error((error as Error).message);
  return 1;
});
