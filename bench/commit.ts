import { execFileSync } from 'node:child_process';

/** The commit measured, so a figure can be matched with the code; '+' when the work tree had changes. */
export function measuredCommit(root: string): string | null {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: root, encoding: 'utf8' }).trim() !== '';
    return dirty ? `${head}+` : head;
  } catch {
    return null;
  }
}
