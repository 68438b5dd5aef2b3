import { readFileSync } from 'node:fs';

type Env = Readonly<Record<string, string | undefined>>;

/**
 * A JSON setting given either inline (`NAME`) or as a path (`NAME_FILE`, for secrets mounted as files): the parsed
 * JSON and where it came from, for the caller's own checks to name in their errors; null when neither is set.
 */
export function jsonSettingFromEnv(env: Env, name: string): { source: string; json: unknown } | null {
  const inline = env[name];
  const file = env[`${name}_FILE`];
  const [source, text] = inline
    ? [name, inline]
    : file
      ? [`${name}_FILE ${file}`, readFileSync(file, 'utf8')]
      : [null, null];
  if (source === null) return null;
  try {
    return { source, json: JSON.parse(text) };
  } catch {
    throw new Error(`${source}: not JSON`);
  }
}
