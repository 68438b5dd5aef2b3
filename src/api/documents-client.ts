import ky from 'ky';
import { z } from 'zod';
import { apiErrorSchema } from '../../domain/api.ts';
import {
  cancelBankSharing,
  removeDocument,
  sendDocuments,
  startBankSharing,
  uploadDocument,
} from '../../domain/contract/applications.ts';
import type {
  CancelBankSharingBody,
  RemoveDocumentBody,
  SendDocumentsAnswer,
  SendDocumentsBody,
  StartBankSharingAnswer,
  StartBankSharingBody,
  UploadDocumentFields,
} from '../../domain/document-api.ts';
import { uploadDocumentAnswerSchema, type UploadDocumentAnswer } from '../../domain/documents.ts';
import { ApiRequestError, NO_RETRY, requester, toApiRequestError, type BrokerClientOptions } from './broker-client.ts';

/**
 * The person's answer to a lender's documents request: files uploaded one by one with their progress, removed,
 * sent; account data shared from a bank. The token travels in bodies only, as everywhere.
 */
export interface DocumentsClient {
  /** `onProgress` gets the share of the file sent so far, 0 to 1; `signal` aborts the upload */
  upload(
    fields: UploadDocumentFields,
    file: Blob,
    onProgress?: (sent: number) => void,
    signal?: AbortSignal,
  ): Promise<UploadDocumentAnswer>;
  remove(body: RemoveDocumentBody): Promise<void>;
  send(body: SendDocumentsBody): Promise<SendDocumentsAnswer>;
  startBankSharing(body: StartBankSharingBody): Promise<StartBankSharingAnswer>;
  cancelBankSharing(body: CancelBankSharingBody): Promise<void>;
}

/** A minute for 10 MB over a slow mobile uplink; the server's own limits decide the rest. */
const UPLOAD_TIMEOUT_MS = 120_000;

function errorOf(status: number, text: string): ApiRequestError {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    data = undefined;
  }
  const body = apiErrorSchema.safeParse(data);
  if (!body.success) {
    return new ApiRequestError({ status, code: 'http', message: 'The service could not answer the request' });
  }
  return new ApiRequestError({
    status,
    code: body.data.error,
    message: body.data.message,
    ...(body.data.fields ? { fields: body.data.fields } : {}),
  });
}

/**
 * An upload by XMLHttpRequest: its upload events are the one way a page learns how much of a body has gone. ky's
 * `onUploadProgress` streams the body instead, which Chromium allows over HTTP/2 only.
 */
function uploadByXhr(
  url: string,
  language: string,
  form: FormData,
  onProgress: ((sent: number) => void) | undefined,
  signal: AbortSignal | undefined,
): Promise<UploadDocumentAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.setRequestHeader('accept-language', language);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    const network = () =>
      reject(new ApiRequestError({ status: null, code: 'network', message: 'The service could not be reached' }));
    xhr.addEventListener('error', network);
    xhr.addEventListener('timeout', network);
    xhr.addEventListener('abort', () =>
      reject(new ApiRequestError({ status: null, code: 'aborted', message: 'The upload was stopped' })),
    );
    xhr.addEventListener('load', () => {
      if (xhr.status !== 201) {
        reject(errorOf(xhr.status, xhr.responseText));
        return;
      }
      let data: unknown;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        data = undefined;
      }
      const parsed = z.safeParse(uploadDocumentAnswerSchema, data);
      if (parsed.success) resolve(parsed.data);
      else
        reject(
          new ApiRequestError({ status: 201, code: 'parse', message: 'The service answered in an unexpected form' }),
        );
    });
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

export function createDocumentsClient(options: BrokerClientOptions): DocumentsClient {
  const baseUrl = (options.baseUrl ?? '').replace(/\/+$/, '');
  const request = requester(options, baseUrl);
  /** An endpoint that answers 204: nothing to parse. */
  const post = async (path: string, body: unknown): Promise<void> => {
    try {
      await ky.post(`${baseUrl}${path}`, {
        json: body,
        retry: NO_RETRY,
        headers: { 'accept-language': options.language() },
        ...(options.fetch ? { fetch: options.fetch } : {}),
      });
    } catch (error) {
      throw toApiRequestError(error);
    }
  };
  return {
    upload(fields, file, onProgress, signal) {
      const form = new FormData();
      // the fields before the file: the server reads them before it streams the file
      form.append('token', fields.token);
      form.append('requestId', fields.requestId);
      form.append('itemId', fields.itemId);
      form.append('file', file);
      const url = `${baseUrl}${uploadDocument.path}?lang=${options.language()}`;
      return uploadByXhr(url, options.language(), form, onProgress, signal);
    },
    remove: (body) => post(removeDocument.path, body),
    async send(body) {
      return request(sendDocuments, { json: body, retry: NO_RETRY });
    },
    async startBankSharing(body) {
      return request(startBankSharing, { json: body, retry: NO_RETRY });
    },
    cancelBankSharing: (body) => post(cancelBankSharing.path, body),
  };
}
