/**
 * Just enough of the Dockerfile and .dockerignore grammar for tests/e2e/container-recipe.spec.ts to
 * replay the image's runtime stage without Docker: stages, instructions (continued lines joined,
 * comments and parser directives skipped), leading `--flag=value` options, exec and shell forms,
 * ENV pairs and ignore patterns.
 */

export interface Instruction {
  /** upper case: FROM, COPY, RUN, ... */
  readonly keyword: string;
  /** everything after the keyword, continued lines joined */
  readonly args: string;
  /** where it starts, 1-based, for messages */
  readonly line: number;
}

export interface Stage {
  readonly image: string;
  readonly name: string | null;
  readonly instructions: readonly Instruction[];
}

export function parseDockerfile(text: string): Stage[] {
  const stages: { image: string; name: string | null; instructions: Instruction[] }[] = [];
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const start = index + 1;
    let logical = (lines[index] ?? '').trim();
    if (logical === '' || logical.startsWith('#')) continue;
    while (logical.endsWith('\\') && index + 1 < lines.length) {
      index++;
      const next = (lines[index] ?? '').trim();
      // comment lines inside a continued instruction are dropped, as Docker does
      logical = logical.slice(0, -1).trimEnd() + (next.startsWith('#') ? '' : ' ' + next);
    }
    const [word = '', ...restOfLine] = logical.split(/\s+/);
    const keyword = word.toUpperCase();
    const args = logical.slice(word.length).trim();
    if (keyword === 'FROM') {
      const { rest } = leadingFlags(args);
      const [image = '', as, name] = rest.split(/\s+/);
      stages.push({ image, name: as?.toUpperCase() === 'AS' && name ? name : null, instructions: [] });
      continue;
    }
    if (restOfLine.length === 0) throw new Error(`Dockerfile line ${start}: ${keyword} without arguments`);
    const stage = stages.at(-1);
    if (!stage) throw new Error(`Dockerfile line ${start}: ${keyword} before any FROM`);
    stage.instructions.push({ keyword, args, line: start });
  }
  return stages;
}

/** `--from=build --chown=node:node a b` → the flags and `a b`. */
export function leadingFlags(args: string): { flags: ReadonlyMap<string, string>; rest: string } {
  const flags = new Map<string, string>();
  let rest = args.trim();
  for (let match = /^--([\w-]+)(?:=(\S*))?\s*/.exec(rest); match; match = /^--([\w-]+)(?:=(\S*))?\s*/.exec(rest)) {
    flags.set(match[1] ?? '', match[2] ?? '');
    rest = rest.slice(match[0].length);
  }
  return { flags, rest };
}

/** `["node", "x.ts"]` as it is; a shell form as `/bin/sh -c …`, as Docker runs it. */
export function commandOf(rest: string): string[] {
  const trimmed = rest.trim();
  if (trimmed.startsWith('[')) return JSON.parse(trimmed) as string[];
  return ['/bin/sh', '-c', trimmed];
}

/** `A=1 B="two words"` (or the old `A value`) → the variables. */
export function envPairs(args: string): Record<string, string> {
  const words = [...args.matchAll(/(?:[^\s"']+|"(?:\\.|[^"\\])*"|'[^']*')+/g)].map((m) => m[0]);
  if (words.length > 0 && !words[0]?.includes('=')) {
    const [name = '', ...value] = args.trim().split(/\s+/);
    return { [name]: value.join(' ') };
  }
  const pairs: Record<string, string> = {};
  for (const word of words) {
    const separator = word.indexOf('=');
    const value = word.slice(separator + 1);
    pairs[word.slice(0, separator)] = value.replace(/^"(.*)"$/s, '$1').replace(/^'(.*)'$/s, '$1');
  }
  return pairs;
}

/**
 * .dockerignore: one pattern a line, anchored at the context's root; `*` and `?` within a path
 * segment, `**` across segments; a pattern matching a folder leaves out everything in it; `!` lines
 * would re-include and are not supported (the test fails loudly rather than copy the wrong files).
 */
export function ignoreMatcher(text: string): (relativePath: string) => boolean {
  const patterns = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  if (patterns.some((pattern) => pattern.startsWith('!'))) {
    throw new Error('.dockerignore exceptions (!) are not replayed by tests/e2e/support/dockerfile.ts');
  }
  const expressions = patterns.map((pattern) => new RegExp(`^${globSource(pattern.replace(/^\/+|\/+$/g, ''))}$`));
  return (relativePath) => expressions.some((expression) => expression.test(relativePath));
}

function globSource(pattern: string): string {
  let source = '';
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern.charAt(index);
    if (pattern.startsWith('**/', index)) {
      source += '(?:.*/)?';
      index += 2;
    } else if (pattern.startsWith('**', index)) {
      source += '.*';
      index += 1;
    } else if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else source += char.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return source;
}
