import stylelint from 'stylelint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The design system's rule (stylelint.config.mjs), as `npm run lint` applies it: each case lints a few
 * declarations as if they stood in a component's style sheet, and reads the rules that answer.
 */
const cwd = fileURLToPath(new URL('../..', import.meta.url));

async function problemsOf(code: string, codeFilename = 'src/ui/probe.css'): Promise<string[]> {
  const { results } = await stylelint.lint({ code, codeFilename, cwd });
  return (results[0]?.warnings ?? []).map((warning) => `${warning.rule}: ${warning.text}`);
}

const TOKENS = 'declaration-strict-value';

const refused = [
  ['.probe { color: #123456; }', 'color-no-hex'],
  ['.probe { color: #123456; }', TOKENS],
  ['.probe { padding: 13px; }', TOKENS],
  ['.probe { margin: 0 10px; }', TOKENS],
  ['.probe { gap: 6px var(--space-2); }', TOKENS],
  ['.probe { padding: calc(13px + var(--space-1)); }', TOKENS],
  ['.probe { background: rgb(0 0 0 / 50%); }', 'function-disallowed-list'],
  ['.probe { border: 1px solid red; }', 'color-named'],
  ['.probe { box-shadow: 0 1px 2px var(--color-line); }', TOKENS],
  ['.probe { border-radius: 8px; }', TOKENS],
  ['.probe { font-size: 15px; }', TOKENS],
  ['.probe { font-family: Arial, sans-serif; }', TOKENS],
  ['.probe { font: 600 1rem/1.2 var(--font-heading); }', 'declaration-property-value-allowed-list'],
  ['.probe { --accent: #ff0000; }', 'color-no-hex'],
] as const;

const accepted = [
  '.probe { color: var(--color-ink); background: transparent; border: 1px solid var(--color-line); }',
  '.probe { border: 2px solid currentcolor; outline: var(--focus-ring); box-shadow: var(--shadow); }',
  '.probe { padding: 0 var(--gutter); margin: var(--space-2) auto 0; gap: var(--space-1) var(--space-3); }',
  '.probe { margin-top: calc(-1 * var(--space-1)); padding-left: 1.2em; inset: 0; }',
  '.probe { font: 700 var(--text-xl)/1.3 var(--font-heading); font-size: var(--text-sm); }',
  '.probe { border-radius: 0 var(--radius) var(--radius) 0; }',
  '.probe { background: linear-gradient(180deg, var(--color-tint), var(--color-surface)); }',
] as const;

describe('the design tokens (stylelint.config.mjs)', () => {
  it.each(refused)('%s fails lint (%s)', async (code, rule) => {
    const problems = await problemsOf(code);
    expect(
      problems.some((problem) => problem.includes(rule)),
      problems.join('\n'),
    ).toBe(true);
  });

  it.each(accepted)('%s passes', async (code) => {
    expect(await problemsOf(code)).toEqual([]);
  });

  it('lets tokens.css, and only it, hold raw colours', async () => {
    const code = ':root { --color-probe: #123456; --shadow-probe: 0 1px 2px rgb(0 0 0 / 10%); }';
    expect(await problemsOf(code, 'src/styles/site/tokens.css')).toEqual([]);
    expect(await problemsOf(code, 'src/styles/site/base.css')).not.toEqual([]);
  });
});
