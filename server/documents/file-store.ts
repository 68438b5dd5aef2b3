import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Sql } from '../db/database.ts';
import { createFileCipher, type FileCipher } from '../security/file-cipher.ts';

/**
 * The files people upload, encrypted on disk, one directory per application, so an application's erasure or
 * retention removes its files with one directory. Rows in document_files say what each file is; the bytes are
 * written before the row and removed after it, so a row never names a missing file, and a file without a row
 * (a crash between the two) is removed by `sweepOrphans`.
 */

/** What the delivery job reads (the same shape as server/documents/file-source.ts). */
export interface DocumentFileSource {
  list(
    itemId: string,
  ): Promise<{ fileId: string; contentType: string; bytes: number; sha256: string; origin: 'upload' | 'bank' }[]>;
  /** the file's plaintext, decrypted as it is read */
  open(fileId: string): Promise<Readable>;
}

export interface StoredFile {
  readonly storageKey: string;
  readonly bytes: number;
  readonly sha256: string;
}

export interface DocumentFileStore {
  /** where the files are: operations back it up and watch its size; tests look at what is on disk */
  readonly directory: string;
  /** Encrypts the plaintext to disk as it streams; answers its size and SHA-256. */
  write(applicationId: string, fileId: string, plaintext: Readable): Promise<StoredFile>;
  /** Removes one file; a missing one is no error. */
  remove(storageKey: string): Promise<void>;
  /** Removes every file of these applications (erased or past retention). */
  removeApplications(applicationIds: readonly string[]): Promise<void>;
  /** Removes the directories of applications that no longer exist, and files no row names, older than a day. */
  sweepOrphans(db: Sql): Promise<number>;
  source(db: Sql): DocumentFileSource;
  close(): Promise<void>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Keys are made of ids alone: nothing a person sent ever becomes part of a path. */
function keyOf(applicationId: string, fileId: string): string {
  if (!UUID.test(applicationId) || !UUID.test(fileId)) throw new Error('document ids must be uuids');
  return `${applicationId}/${fileId}`;
}

const ORPHAN_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * `directory` null: a directory of its own under the system's temporary one, removed on close (DATA_DIR=memory,
 * the tests and benches).
 */
export async function openDocumentFileStore(
  directory: string | null,
  encryption: { readonly keys: ReadonlyMap<string, Buffer>; readonly currentKeyId: string },
): Promise<DocumentFileStore> {
  const root = directory ?? (await mkdtemp(join(tmpdir(), 'kreditkompass-documents-')));
  await mkdir(root, { recursive: true, mode: 0o700 });
  const cipher = createFileCipher(encryption.keys, encryption.currentKeyId);
  const pathOf = (storageKey: string) => {
    const [applicationId = '', fileId = ''] = storageKey.split('/');
    return join(root, keyOf(applicationId, fileId));
  };

  return {
    directory: root,
    async write(applicationId, fileId, plaintext) {
      const storageKey = keyOf(applicationId, fileId);
      await mkdir(join(root, applicationId), { recursive: true, mode: 0o700 });
      const hash = createHash('sha256');
      let bytes = 0;
      const measure = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          hash.update(chunk);
          bytes += chunk.length;
          callback(null, chunk);
        },
      });
      const path = pathOf(storageKey);
      try {
        await pipeline(plaintext, measure, cipher.encrypt(fileId), createWriteStream(path, { mode: 0o600 }));
      } catch (error) {
        await rm(path, { force: true });
        throw error;
      }
      return { storageKey, bytes, sha256: hash.digest('hex') };
    },

    async remove(storageKey) {
      await rm(pathOf(storageKey), { force: true });
    },

    async removeApplications(applicationIds) {
      for (const applicationId of applicationIds) {
        // a directory that will not go now is swept by the retention job, which finds no application for it
        if (UUID.test(applicationId)) {
          await rm(join(root, applicationId), { recursive: true, force: true }).catch(() => undefined);
        }
      }
    },

    async sweepOrphans(db) {
      let removed = 0;
      const old = Date.now() - ORPHAN_AGE_MS;
      for (const applicationId of await readdir(root)) {
        if (!UUID.test(applicationId)) continue;
        const directoryPath = join(root, applicationId);
        const { rows: application } = await db.query('SELECT 1 FROM applications WHERE id = $1', [applicationId]);
        if (application.length === 0) {
          await rm(directoryPath, { recursive: true, force: true });
          removed += 1;
          continue;
        }
        const { rows } = await db.query<{ storage_key: string }>(
          'SELECT storage_key FROM document_files WHERE application_id = $1',
          [applicationId],
        );
        const known = new Set(rows.map((row) => row.storage_key));
        for (const fileId of await readdir(directoryPath)) {
          const path = join(directoryPath, fileId);
          if (known.has(`${applicationId}/${fileId}`) || (await stat(path)).mtimeMs > old) continue;
          await rm(path, { force: true });
          removed += 1;
        }
      }
      return removed;
    },

    source: (db) => fileSource(db, pathOf, cipher),

    async close() {
      if (directory === null) await rm(root, { recursive: true, force: true });
    },
  };
}

/** The files of an item as the delivery job reads them: listed by their rows, decrypted as they stream. */
function fileSource(db: Sql, pathOf: (storageKey: string) => string, cipher: FileCipher): DocumentFileSource {
  return {
    async list(itemId) {
      const { rows } = await db.query<{
        id: string;
        content_type: string;
        bytes: number;
        sha256: string;
        origin: 'upload' | 'bank';
      }>(
        'SELECT id, content_type, bytes, sha256, origin FROM document_files WHERE item_id = $1 ORDER BY created_at, id',
        [itemId],
      );
      return rows.map((row) => ({
        fileId: row.id,
        contentType: row.content_type,
        bytes: row.bytes,
        sha256: row.sha256,
        origin: row.origin,
      }));
    },
    async open(fileId) {
      const [row] = (
        await db.query<{ storage_key: string }>('SELECT storage_key FROM document_files WHERE id = $1', [fileId])
      ).rows;
      if (!row) throw new Error('document file not found');
      // opened before it is returned, so a missing file fails here rather than mid-delivery
      const file = createReadStream(pathOf(row.storage_key));
      await new Promise<void>((resolve, reject) => {
        file.once('open', () => resolve());
        file.once('error', reject);
      });
      const plaintext = cipher.decrypt(fileId);
      file.on('error', (error) => plaintext.destroy(error));
      return file.pipe(plaintext);
    },
  };
}
