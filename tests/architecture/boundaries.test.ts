import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The import rules of ARCHITECTURE.md, as the project's own lint applies them: each case lints one
 * line of code as if it stood in a file of that wing, and reads the rule that answers.
 */
const eslint = new ESLint({ cwd: fileURLToPath(new URL('../..', import.meta.url)) });

async function problemsOf(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const probe = 1;\n`, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

const refused = [
  ['domain/probe.ts', "import { formatEuro } from '../src/ui/format.ts';", 'domain imports nothing of the project'],
  [
    'server/applications/probe.ts',
    "import { BrokerClient } from '../../src/api/broker-client.ts';",
    'server never imports src/',
  ],
  [
    'server/applications/probe.ts',
    "import { registerSandbox } from '../sandbox/register.ts';",
    'production server code never imports the sandbox',
  ],
  ['machines/probe.ts', "import { Button } from '../src/ui/Button.tsx';", 'machines import only domain/'],
  [
    'widgets/host/probe.ts',
    "import { LOAN_AMOUNTS } from '../../domain/loan-options.ts';",
    'the host script takes only the widget protocol',
  ],
  [
    'widgets/loader/probe.ts',
    "import { Button } from '../../src/ui/Button.tsx';",
    'the loader takes only the widget protocol',
  ],
  [
    'widgets/frames/probe.tsx',
    "import { WorkflowApp } from '../../src/features/application/WorkflowApp.tsx';",
    'frames reach a feature only through its public entry',
  ],
  [
    'widgets/frames/probe.ts',
    "import { firstMoveOn } from '../../src/features/application/takeover/first-step-gate.ts';",
    "the application's gate only through its second public entry",
  ],
  [
    'src/features/site/probe.tsx',
    "import { Calculator } from '../calculator/index.ts';",
    'features never import each other',
  ],
  [
    'src/features/calculator/probe.tsx',
    "import { Island } from '../../entries/Island.tsx';",
    'features never import the entries above them',
  ],
  [
    'src/ui/probe.tsx',
    "import { Calculator } from '../features/calculator/index.ts';",
    'the design system never imports a feature',
  ],
  [
    'src/features/calculator/probe.tsx',
    "import { validApplication } from '../../../tests/fixtures/application.ts';",
    'production code never takes the test fixtures',
  ],
  [
    'generated/probe.ts',
    "import { LOAN_AMOUNTS } from '../domain/loan-options.ts';",
    'a generated file imports nothing',
  ],
  ['bench/probe.ts', "import { Button } from '../src/ui/Button.tsx';", 'benches are held to the rules too'],
  [
    'tests/server/probe.test.ts',
    "import { Button } from '../../src/ui/Button.tsx';",
    'tests are held to the rules too',
  ],
] as const;

const accepted = [
  ['server/applications/probe.ts', "import { LOAN_AMOUNTS } from '../../domain/loan-options.ts';"],
  [
    'server/lenders/probe.test.ts',
    "import { sandboxLendersConfig } from '../sandbox/lenders/sandbox-lenders-config.ts';",
  ],
  ['widgets/host/probe.ts', "import { GLOBAL_NAME } from '../../domain/widget-protocol/constants.ts';"],
  ['widgets/frames/probe.tsx', "import { Calculator } from '../../src/features/calculator/index.ts';"],
  ['widgets/frames/probe.ts', "import { firstMoveOn } from '../../src/features/application/first-step.ts';"],
  ['src/features/calculator/probe.tsx', "import { Button } from '../../ui/Button.tsx';"],
  ['src/entries/probe.tsx', "import { Calculator } from '../features/calculator/index.ts';"],
  ['domain/probe.test.ts', "import { validApplication } from '../tests/fixtures/application.ts';"],
  ['machines/probe.test-model.ts', "import { validApplication } from '../tests/fixtures/application.ts';"],
  ['src/ui/probe.tsx', "import { LENDER_COUNT } from '../../generated/lender-count.ts';"],
] as const;

describe('the wings of ARCHITECTURE.md', () => {
  it.each(refused)('%s: %s fails lint (%s)', async (file, code) => {
    expect(await problemsOf(file, code)).toContain('boundaries/dependencies');
  });

  it.each(accepted)('%s: %s passes', async (file, code) => {
    expect(await problemsOf(file, code)).not.toContain('boundaries/dependencies');
  });

  it('refuses a queue created outside server/jobs/queues.ts', async () => {
    const create =
      "import type { PgBoss } from 'pg-boss';\nexport const make = (boss: PgBoss) => boss.createQueue('x');";
    expect(await problemsOf('server/notices/probe.ts', create)).toContain('no-restricted-syntax');
    expect(await problemsOf('server/jobs/queues.ts', create)).not.toContain('no-restricted-syntax');
  });

  it('refuses an import that closes a cycle', async () => {
    // domain/application-href.ts imports wizard-paths.ts; wizard-paths importing it back closes the loop
    expect(
      await problemsOf('domain/wizard-paths.ts', "import { applicationHref } from './application-href.ts';"),
    ).toContain('import-x/no-cycle');
  });
});
