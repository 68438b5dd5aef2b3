import { existsSync, readFileSync } from 'node:fs';
import { dataDirOf, staffAdminSecretFile } from '../server/config/config.ts';

/**
 * How the local administration's scripts reach the running server: over HTTP on this machine, never by opening
 * the database (the embedded PGlite admits one process, and PostgreSQL needs no second way in). The address is
 * STAFF_SERVER_URL, else this machine at PORT (3000); the secret is STAFF_ADMIN_SECRET, else the one the server
 * keeps in DATA_DIR/staff-admin-secret.
 */
export function localServer(env: NodeJS.ProcessEnv = process.env): { url: string; secret: string } {
  const url = (env.STAFF_SERVER_URL ?? `http://127.0.0.1:${env.PORT ?? '3000'}`).replace(/\/$/, '');
  if (env.STAFF_ADMIN_SECRET) return { url, secret: env.STAFF_ADMIN_SECRET };
  const dataDir = dataDirOf(env);
  const file = dataDir === null ? null : staffAdminSecretFile(dataDir);
  if (file === null || !existsSync(file)) {
    throw new Error(
      `no administration secret: set STAFF_ADMIN_SECRET as the server has it, or run this beside the server's DATA_DIR (${file ?? 'memory'})`,
    );
  }
  return { url, secret: readFileSync(file, 'utf8').trim() };
}

export async function callServer(path: string, init: RequestInit = {}): Promise<Response> {
  const { url, secret } = localServer();
  try {
    return await fetch(`${url}${path}`, {
      ...init,
      headers: { ...init.headers, authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
    });
  } catch (error) {
    throw new Error(`the server at ${url} does not answer: is it running? (${(error as Error).message})`, {
      cause: error,
    });
  }
}
