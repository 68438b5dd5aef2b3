import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import lvApi from '../../locales/lv/api.json' with { type: 'json' };
import ruApi from '../../locales/ru/api.json' with { type: 'json' };
import { deleteExpiredData } from '../../server/applications/maintenance.ts';
import { tokenHash } from '../../server/security/tokens.ts';
import { personalCode } from '../e2e/support/personal-code.ts';
import { startBroker, type RunningBroker, type Storage } from '../support/broker.ts';
import { loginByBank, submit } from '../support/flow.ts';
import { present } from '../support/present.ts';

/**
 * A person answers a lender's documents request with files: what the content is decides the type, an unsafe
 * PDF or a file over the limits is refused in the person's language and leaves nothing behind, a photo loses
 * its location, and what is kept is encrypted on disk and goes with the application.
 */

const MARKER = 'KREDITKOMPASS-PLAINTEXT-MARKER';
const MB = 1024 * 1024;

const collect = async (stream: Readable | PDFKit.PDFDocument): Promise<Buffer> => {
  const parts: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) parts.push(chunk);
  return Buffer.concat(parts);
};

/** A PDF as a bank would make it, with the marker in its text; `catalog` adds entries to its catalog. */
async function pdf(catalog = '', padding = 0): Promise<Buffer> {
  // the title is written as a literal string: the marker is there in plain bytes to look for on disk
  const doc = new PDFDocument({ compress: false, info: { Title: MARKER } });
  const bytes = collect(doc);
  doc.text('Konta izraksts');
  if (padding > 0) doc.text('x'.repeat(padding));
  doc.end();
  const text = (await bytes).toString('latin1');
  return Buffer.from(catalog ? text.replace('/Type /Catalog', `/Type /Catalog ${catalog}`) : text, 'latin1');
}

/** A photo with the camera's GPS position in its EXIF, as phones take them. */
const photoWithLocation = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '56/1 57/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '24/1 6/1 0/1' },
    })
    .toBuffer();

describe.each<Storage>(['pglite', 'postgres'])('uploads for a documents request (%s)', (storage) => {
  let running: RunningBroker;
  let base: string;
  let serial = 1800;

  beforeAll(async () => {
    running = await startBroker({ storage, postgresUrl: inject('postgresUrl') });
    base = running.url;
  });
  afterAll(async () => running.close());

  const db = () => running.broker.db;

  const applicationOf = async (token: string): Promise<string> =>
    present(
      (await db().query<{ id: string }>('SELECT id FROM applications WHERE token_hash = $1', [tokenHash(token)]))
        .rows[0],
    ).id;

  /** A lender's request as its callback would store it (that callback is built elsewhere). */
  const documentsRequest = async (
    token: string,
    { dueAt = new Date(Date.now() + 86_400_000), items = 1 }: { dueAt?: Date; items?: number } = {},
  ) => {
    const applicationId = await applicationOf(token);
    const requestId = randomUUID();
    await db().query(
      `INSERT INTO document_requests (id, application_id, lender_id, lender_request_id, due_at)
       VALUES ($1, $2, 'sandbox-bank', $3, $4)`,
      [requestId, applicationId, randomUUID(), dueAt],
    );
    const itemIds: string[] = [];
    for (let position = 0; position < items; position += 1) {
      const itemId = randomUUID();
      await db().query(
        `INSERT INTO document_items (id, request_id, position, kind, months) VALUES ($1, $2, $3, 'bankStatement', 6)`,
        [itemId, requestId, position],
      );
      itemIds.push(itemId);
    }
    return { applicationId, requestId, itemId: present(itemIds[0]), itemIds };
  };

  const person = () => personalCode((serial += 7), '150585');

  const upload = async (
    fields: { token: string; requestId: string; itemId: string },
    bytes: Buffer,
    {
      name = 'izraksts.pdf',
      type = 'application/pdf',
      lang,
    }: { name?: string; type?: string; lang?: 'lv' | 'ru' } = {},
  ) => {
    const form = new FormData();
    form.append('token', fields.token);
    form.append('requestId', fields.requestId);
    form.append('itemId', fields.itemId);
    form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
    const response = await fetch(`${base}/api/applications/documents${lang ? `?lang=${lang}` : ''}`, {
      method: 'POST',
      body: form,
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  const postJson = async (path: string, body: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
  };

  const filesOnDisk = (applicationId: string): string[] => {
    const directory = join(running.broker.documents.directory, applicationId);
    return existsSync(directory) ? readdirSync(directory) : [];
  };

  const rowsOf = async (itemId: string) =>
    (
      await db().query<{ id: string; content_type: string; bytes: number; sha256: string; storage_key: string }>(
        'SELECT id, content_type, bytes, sha256, storage_key FROM document_files WHERE item_id = $1',
        [itemId],
      )
    ).rows;

  const decrypted = async (fileId: string) => collect(await running.broker.documents.source(db()).open(fileId));

  it('keeps a PDF encrypted on disk and gives back exactly its bytes', async () => {
    const token = await submit(base);
    const { applicationId, requestId, itemId } = await documentsRequest(token);
    const statement = await pdf();
    expect(statement.toString('latin1')).toContain(MARKER);

    const answer = await upload({ token, requestId, itemId }, statement, { name: 'statement.exe', type: 'text/plain' });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      file: { contentType: 'application/pdf', bytes: statement.length },
      files: [expect.objectContaining({ contentType: 'application/pdf' })],
    });

    const [row] = await rowsOf(itemId);
    expect(row).toMatchObject({
      content_type: 'application/pdf',
      bytes: statement.length,
      sha256: createHash('sha256').update(statement).digest('hex'),
    });
    const onDisk = readFileSync(join(running.broker.documents.directory, present(row).storage_key));
    expect(onDisk.includes(Buffer.from(MARKER))).toBe(false);
    expect(onDisk.includes(statement.subarray(0, 64))).toBe(false);
    expect(onDisk.length).toBeGreaterThan(statement.length);

    const source = running.broker.documents.source(db());
    expect(await source.list(itemId)).toEqual([
      {
        fileId: present(row).id,
        contentType: 'application/pdf',
        bytes: statement.length,
        sha256: present(row).sha256,
        origin: 'upload',
      },
    ]);
    expect((await decrypted(present(row).id)).equals(statement)).toBe(true);
    expect(filesOnDisk(applicationId)).toEqual([present(row).id]);
    // the file's name is never kept, nor logged, nor are its contents
    expect(running.logs.join('\n')).not.toContain(MARKER);
    expect(running.logs.join('\n')).not.toContain('statement.exe');
  });

  it.each([
    ['lv', lvApi],
    ['ru', ruApi],
  ] as const)('refuses an .exe renamed .pdf with 415, in the person’s language (%s)', async (lang, words) => {
    const token = await submit(base);
    const { applicationId, requestId, itemId } = await documentsRequest(token);
    const exe = Buffer.concat([
      Buffer.from('MZ'),
      Buffer.alloc(58),
      Buffer.from([0x40, 0, 0, 0]),
      Buffer.from('PE\0\0'),
    ]);
    const program = Buffer.concat([exe, randomBytes(8000)]);
    const answer = await upload({ token, requestId, itemId }, program, { name: 'izraksts.pdf', lang });
    expect(answer).toEqual({
      status: 415,
      body: { error: 'unsupportedDocument', message: words.unsupportedDocument },
    });
    expect(await rowsOf(itemId)).toEqual([]);
    expect(filesOnDisk(applicationId)).toEqual([]);
  });

  it.each([
    ['an OpenAction with JavaScript', '/OpenAction << /S /JavaScript /JS (app.alert(1)) >>'],
    ['a script named in #-escapes', '/AA << /O << /S /J#61vaScript /J#53 (this.print()) >> >>'],
    ['an embedded file', '/Names << /EmbeddedFiles << /Names [(a.exe) 9 0 R] >> >>'],
    ['encryption', '/Encrypt 9 0 R'],
  ])('refuses a PDF with %s (422) and keeps nothing', async (_what, catalog) => {
    const token = await submit(base);
    const { applicationId, requestId, itemId } = await documentsRequest(token);
    const answer = await upload({ token, requestId, itemId }, await pdf(catalog), { lang: 'ru' });
    expect(answer).toEqual({ status: 422, body: { error: 'unsafeDocument', message: ruApi.unsafeDocument } });
    expect(await rowsOf(itemId)).toEqual([]);
    expect(filesOnDisk(applicationId)).toEqual([]);
  });

  it('keeps no EXIF location of a photo: a JPEG stays a JPEG, a PNG a PNG', async () => {
    const token = await submit(base);
    const { requestId, itemId } = await documentsRequest(token);
    const photo = await photoWithLocation();
    expect((await sharp(photo).metadata()).exif).toBeDefined();

    const jpeg = await upload({ token, requestId, itemId }, photo, { name: 'IMG_0001.png', type: 'image/png' });
    expect(jpeg.status).toBe(201);
    expect(jpeg.body).toMatchObject({ file: { contentType: 'image/jpeg' } });
    const stored = await decrypted(String((jpeg.body.file as { id: string }).id));
    const metadata = await sharp(stored).metadata();
    expect(metadata.format).toBe('jpeg');
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(stored.includes(Buffer.from('PhoneMaker'))).toBe(false);
    expect(metadata.width).toBe(64);

    const png = await sharp(photo)
      .png()
      .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '56/1 57/1 0/1' } })
      .toBuffer();
    const answer = await upload({ token, requestId, itemId }, png, { name: 'scan.jpg', type: 'image/jpeg' });
    expect(answer.status).toBe(201);
    const storedPng = await decrypted(String((answer.body.file as { id: string }).id));
    expect((await sharp(storedPng).metadata()).format).toBe('png');
    expect((await sharp(storedPng).metadata()).exif).toBeUndefined();
  });

  it('refuses a file over 10 MB with 413 and keeps nothing', async () => {
    const token = await submit(base);
    const { applicationId, requestId, itemId } = await documentsRequest(token);
    const big = Buffer.concat([await pdf(), Buffer.alloc(10 * MB)]);
    const answer = await upload({ token, requestId, itemId }, big);
    expect(answer).toEqual({ status: 413, body: { error: 'documentTooLarge', message: lvApi.documentTooLarge } });
    expect(await rowsOf(itemId)).toEqual([]);
    expect(filesOnDisk(applicationId)).toEqual([]);
    // just under the limit is taken
    const almost = Buffer.concat([await pdf(), Buffer.alloc(10 * MB - 20_000)]);
    expect((await upload({ token, requestId, itemId }, almost)).status).toBe(201);
  });

  it('takes 5 files an item and refuses a sixth with 409', async () => {
    const token = await submit(base);
    const { applicationId, requestId, itemId } = await documentsRequest(token);
    const statement = await pdf();
    for (let file = 0; file < 5; file += 1) {
      expect((await upload({ token, requestId, itemId }, statement)).status).toBe(201);
    }
    const sixth = await upload({ token, requestId, itemId }, statement);
    expect(sixth).toEqual({ status: 409, body: { error: 'tooManyDocuments', message: lvApi.tooManyDocuments } });
    expect(await rowsOf(itemId)).toHaveLength(5);
    expect(filesOnDisk(applicationId)).toHaveLength(5);
  });

  it('answers 404 for a request of another person’s application, and for one that does not exist', async () => {
    const mine = await submit(base);
    const theirs = await submit(base, { personalId: person() });
    const their = await documentsRequest(theirs);
    const answer = await upload({ token: mine, requestId: their.requestId, itemId: their.itemId }, await pdf(), {
      lang: 'ru',
    });
    expect(answer).toEqual({ status: 404, body: { error: 'documentNotFound', message: ruApi.documentNotFound } });
    const own = await documentsRequest(mine);
    // an item of their request under my request's id is no more mine
    expect((await upload({ token: mine, requestId: own.requestId, itemId: their.itemId }, await pdf())).status).toBe(
      404,
    );
    expect((await upload({ token: mine, requestId: randomUUID(), itemId: randomUUID() }, await pdf())).status).toBe(
      404,
    );
    expect(await rowsOf(their.itemId)).toEqual([]);
    expect(filesOnDisk(their.applicationId)).toEqual([]);
    // nor may I remove their file or send their item
    expect(
      (await upload({ token: theirs, requestId: their.requestId, itemId: their.itemId }, await pdf())).status,
    ).toBe(201);
    const [theirFile] = await rowsOf(their.itemId);
    expect((await postJson('/api/applications/documents/remove', { token: mine, fileId: theirFile?.id })).status).toBe(
      404,
    );
    expect(
      (
        await postJson('/api/applications/documents/send', {
          token: mine,
          requestId: their.requestId,
          itemId: their.itemId,
        })
      ).status,
    ).toBe(404);
    expect(await rowsOf(their.itemId)).toHaveLength(1);
  });

  it('refuses with 409 once the due date passed, and once the item was sent', async () => {
    const token = await submit(base);
    const overdue = await documentsRequest(token, { dueAt: new Date(Date.now() - 1000) });
    const late = await upload({ token, requestId: overdue.requestId, itemId: overdue.itemId }, await pdf());
    expect(late).toEqual({
      status: 409,
      body: { error: 'documentRequestOverdue', message: lvApi.documentRequestOverdue },
    });
    expect(filesOnDisk(overdue.applicationId)).toEqual([]);

    const open = await documentsRequest(token, { items: 2 });
    const fields = { token, requestId: open.requestId, itemId: open.itemId };
    expect(await postJson('/api/applications/documents/send', fields)).toEqual({
      status: 409,
      body: { error: 'noDocuments', message: lvApi.noDocuments },
    });
    expect((await upload(fields, await pdf())).status).toBe(201);
    expect(await postJson('/api/applications/documents/send', fields)).toEqual({
      status: 202,
      body: { itemId: open.itemId, state: 'sent', requestAnswered: false },
    });
    const closed = await upload(fields, await pdf());
    expect(closed).toEqual({ status: 409, body: { error: 'documentItemClosed', message: lvApi.documentItemClosed } });
    expect(await rowsOf(open.itemId)).toHaveLength(1);
    expect(filesOnDisk(open.applicationId)).toHaveLength(1);
    const [sent] = await rowsOf(open.itemId);
    expect((await postJson('/api/applications/documents/remove', { token, fileId: sent?.id })).status).toBe(409);

    // the second item completes the request: the lender's own timeout counts from here
    const second = { token, requestId: open.requestId, itemId: present(open.itemIds[1]) };
    expect((await upload(second, await pdf())).status).toBe(201);
    expect((await postJson('/api/applications/documents/send', second)).body).toMatchObject({ requestAnswered: true });
    const [request] = (
      await db().query<{ state: string; answered_at: Date | null }>(
        'SELECT state, answered_at FROM document_requests WHERE id = $1',
        [open.requestId],
      )
    ).rows;
    expect(request).toMatchObject({ state: 'sent', answered_at: expect.any(Date) });
  });

  it('lets the person remove a file before sending: its row and its bytes go', async () => {
    const token = await submit(base);
    const { applicationId, requestId, itemId } = await documentsRequest(token);
    const first = await upload({ token, requestId, itemId }, await pdf());
    const second = await upload({ token, requestId, itemId }, await photoWithLocation(), { type: 'image/jpeg' });
    const firstId = String((first.body.file as { id: string }).id);
    expect(filesOnDisk(applicationId)).toHaveLength(2);

    expect(await postJson('/api/applications/documents/remove', { token, fileId: firstId })).toEqual({
      status: 204,
      body: null,
    });
    expect((await rowsOf(itemId)).map((row) => row.id)).toEqual([(second.body.file as { id: string }).id]);
    expect(filesOnDisk(applicationId)).toEqual([(second.body.file as { id: string }).id]);
    expect((await postJson('/api/applications/documents/remove', { token, fileId: firstId })).status).toBe(404);
  });

  it('removes the files on erasure and at the end of retention', async () => {
    const code = person();
    const token = await submit(base, { personalId: code });
    const { applicationId, requestId, itemId } = await documentsRequest(token);
    expect((await upload({ token, requestId, itemId }, await pdf())).status).toBe(201);
    expect(filesOnDisk(applicationId)).toHaveLength(1);

    const cookie = (await loginByBank(base, code)).setCookie.split(';')[0] ?? '';
    const erased = await fetch(`${base}/api/account/erase`, { method: 'POST', headers: { cookie } });
    expect(erased.status).toBe(200);
    expect(existsSync(join(running.broker.documents.directory, applicationId))).toBe(false);
    expect(await rowsOf(itemId)).toEqual([]);

    const old = await submit(base);
    const aged = await documentsRequest(old);
    expect((await upload({ token: old, requestId: aged.requestId, itemId: aged.itemId }, await pdf())).status).toBe(
      201,
    );
    await db().query(
      `UPDATE applications SET created_at = now() - make_interval(days => $2) - interval '1 day' WHERE id = $1`,
      [aged.applicationId, running.broker.config.retentionDays],
    );
    await deleteExpiredData(running.broker);
    expect(existsSync(join(running.broker.documents.directory, aged.applicationId))).toBe(false);
  });

  it('refuses a body that is not multipart, and a form without its fields first', async () => {
    const json = await postJson('/api/applications/documents', { token: 'x' });
    expect(json.status).toBe(415);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await pdf())], { type: 'application/pdf' }), 'a.pdf');
    const fileFirst = await fetch(`${base}/api/applications/documents`, { method: 'POST', body: form });
    expect(fileFirst.status).toBe(400);
    expect(((await fileFirst.json()) as { error: string }).error).toBe('validation');
  });
});
