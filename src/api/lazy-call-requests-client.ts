import type { Language } from '../../domain/language.ts';
import type { CallRequestsClient } from './call-requests-client.ts';

/** The call requests' client, fetched the first time a person opens "ask a consultant to call me". */
export function lazyCallRequestsClient(language: () => Language): CallRequestsClient {
  let client: Promise<CallRequestsClient> | null = null;
  const load = () =>
    (client ??= import('./call-requests-client.ts').then((module) => module.createCallRequestsClient(language)));
  return {
    slots: async () => (await load()).slots(),
    current: async (token) => (await load()).current(token),
    create: async (token, slotStart, question) => (await load()).create(token, slotStart, question),
    move: async (token, slotStart) => (await load()).move(token, slotStart),
    cancel: async (token) => (await load()).cancel(token),
  };
}
