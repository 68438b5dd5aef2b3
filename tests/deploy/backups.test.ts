import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/**
 * compose.yaml's PostgreSQL archives its WAL with scripts/backup/archive-wal.sh (docs/operations.md,
 * "Backups and restore"): the script it names is the one mounted, and the archive is a volume of its
 * own. The restore drill (tests/server/restore-drill.test.ts) runs the scripts themselves.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));

interface Service {
  command?: string[];
  entrypoint?: string[];
  volumes?: string[];
}
const compose = parse(readFileSync(join(root, 'compose.yaml'), 'utf8'), { merge: true }) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};
const postgres = compose.services.postgres ?? {};

/** `-c name=value` pairs of the server's command line. */
const settings = new Map(
  (postgres.command ?? [])
    .filter((_, index, all) => all[index - 1] === '-c')
    .map((setting) => setting.split(/=(.*)/s).slice(0, 2) as [string, string]),
);

describe('WAL archiving in compose.yaml', () => {
  it('archives every finished segment with the mounted archive-wal.sh into the backup volume', () => {
    expect(settings.get('archive_mode')).toBe('on');
    const command = settings.get('archive_command') ?? '';
    const [, script, archive, path, name] = /^sh (\S+) (\S+) (%p) (%f)$/.exec(command) ?? [];
    expect([path, name]).toEqual(['%p', '%f']);
    const mounts = new Map((postgres.volumes ?? []).map((volume) => [volume.split(':')[1], volume.split(':')[0]]));
    const scriptsDir = mounts.get('/opt/kreditkompass/backup');
    expect(scriptsDir).toBe('./scripts/backup');
    expect(script).toBe('/opt/kreditkompass/backup/archive-wal.sh');
    expect(existsSync(join(root, 'scripts/backup/archive-wal.sh'))).toBe(true);
    expect(archive).toBe('/backup/wal');
    expect(mounts.get('/backup')).toBe('pgbackup');
    expect(Object.keys(compose.volumes)).toContain('pgbackup');
    // the volume's directories are made postgres's before the image's own entrypoint runs
    expect(postgres.entrypoint?.join(' ')).toMatch(/chown postgres:postgres \/backup \/backup\/wal/);
    // $$: compose's escape, so the shell and not compose expands the command's arguments
    expect(postgres.entrypoint?.join(' ')).toMatch(/exec docker-entrypoint\.sh "\$\$@"/);
  });

  it('keeps the scripts executable, for PostgreSQL and for npm run backup', () => {
    for (const name of ['archive-wal.sh', 'base-backup.sh', 'restore.sh']) {
      expect(statSync(join(root, 'scripts/backup', name)).mode & 0o111, name).not.toBe(0);
    }
  });
});
