import type { FastifyInstance } from 'fastify';
import fastifyMultipart, { type MultipartFields } from '@fastify/multipart';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import {
  removeDocument as removeDocumentEndpoint,
  sendDocuments as sendDocumentsEndpoint,
  uploadDocument as uploadDocumentEndpoint,
} from '../../domain/contract/applications.ts';
import { uploadDocumentFieldsSchema } from '../../domain/document-api.ts';
import { DOCUMENT_UPLOAD_LIMITS } from '../../domain/documents.ts';
import type { Broker } from '../broker.ts';
import type { QueueDocumentDelivery } from '../documents/delivery-port.ts';
import { removeDocument, sendDocuments, uploadDocument } from '../documents/uploads.ts';
import { ApiProblem } from './problem.ts';
import { route } from './route.ts';
import { perMinute, perMinuteOfBody } from './route-options.ts';

/** The three fields, each given once: a field sent twice names no value. */
function fieldValues(fields: MultipartFields): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, part] of Object.entries(fields)) {
    if (part === undefined || Array.isArray(part) || part.type !== 'field') continue;
    values[name] = part.value;
  }
  return values;
}

/** The fields as the form's validation names them, or a 400 `validation` naming each field that is wrong. */
function parseFields(fields: MultipartFields) {
  const parsed = uploadDocumentFieldsSchema.safeParse(fieldValues(fields));
  if (parsed.success) return parsed.data;
  const problems: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const keys = issue.code === 'unrecognized_keys' ? issue.keys : [String(issue.path[0] ?? 'file')];
    for (const key of keys) {
      if (!Object.hasOwn(problems, key)) {
        problems[key] = issue.code === 'unrecognized_keys' ? 'unknownField' : issue.message || 'invalidValue';
      }
    }
  }
  throw new ApiProblem(400, 'validation', problems);
}

/**
 * Reads what is left of a refused file, so its sender gets the answer rather than a reset connection; the part
 * is at most the size limit, which busboy cuts.
 */
async function drain(stream: Readable): Promise<void> {
  if (stream.readableEnded || stream.destroyed) return;
  stream.resume();
  await finished(stream).catch(() => undefined);
}

/**
 * The person's answer to a lender's documents request: upload, remove before sending, send. The multipart parser
 * lives in the upload's own scope: every other route keeps refusing multipart bodies with 415.
 */
export async function registerDocumentRoutes(
  app: FastifyInstance,
  broker: Broker,
  queueDelivery: QueueDocumentDelivery,
): Promise<void> {
  await app.register(async (uploads) => {
    await uploads.register(fastifyMultipart, {
      limits: {
        fileSize: DOCUMENT_UPLOAD_LIMITS.maxFileBytes,
        files: 1,
        fields: 3,
        fieldSize: 256,
        parts: 4,
        headerPairs: 16,
      },
      // the size is answered by the use case, once it has deleted what it wrote
      throwFileSizeLimit: false,
    });

    route(uploads, uploadDocumentEndpoint, { config: perMinute(broker, 30) }, async (request, reply) => {
      const part = await request.file();
      if (!part) throw new ApiProblem(400, 'validation', { file: 'required' });
      if (part.fieldname !== 'file') {
        await drain(part.file);
        throw new ApiProblem(400, 'validation', { file: 'required', [part.fieldname]: 'unknownField' });
      }
      try {
        const fields = parseFields(part.fields);
        const answer = await uploadDocument(broker, fields, {
          stream: part.file,
          truncated: () => part.file.truncated,
        });
        return reply.status(201).header('cache-control', 'no-store').send(answer);
      } catch (error) {
        await drain(part.file);
        throw error;
      }
    });
  });

  route(app, removeDocumentEndpoint, { config: perMinuteOfBody(broker, 60) }, async (request, reply) => {
    await removeDocument(broker, request.body);
    return reply.status(204).send(null);
  });

  route(app, sendDocumentsEndpoint, { config: perMinuteOfBody(broker, 30) }, async (request, reply) =>
    reply.status(202).send(await sendDocuments(broker, request.body, queueDelivery)),
  );
}
