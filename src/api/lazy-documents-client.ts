import type { BrokerClientOptions } from './broker-client.ts';
import type { DocumentsClient } from './documents-client.ts';

/** The documents client, fetched the first time a person answers a lender's request: most never need it. */
export function lazyDocumentsClient(options: BrokerClientOptions): DocumentsClient {
  let client: Promise<DocumentsClient> | null = null;
  const load = () =>
    (client ??= import('./documents-client.ts').then((module) => module.createDocumentsClient(options)));
  return {
    upload: async (fields, file, onProgress, signal) => (await load()).upload(fields, file, onProgress, signal),
    remove: async (body) => (await load()).remove(body),
    send: async (body) => (await load()).send(body),
    startBankSharing: async (body) => (await load()).startBankSharing(body),
    cancelBankSharing: async (body) => (await load()).cancelBankSharing(body),
  };
}
