/**
 * The lender requests this process sent lately, by request id: a lender's answer comes back to the
 * address the request gave (PUBLIC_BASE_URL), which on one machine is the process that sent it, so
 * the callback finds its application without a query. A miss (another process sent it, or it left
 * the cache) is asked of the database. The request id and lender id only: nothing personal.
 */
export interface SentRequest {
  readonly applicationId: string;
  readonly lenderId: string;
}

const MAX_REMEMBERED = 20_000;

export interface SentRequests {
  remember(requestId: string, request: SentRequest): void;
  /** the request, forgotten once found: a lender answers once (a repeated answer asks the database) */
  take(requestId: string): SentRequest | undefined;
}

export function createSentRequests(max = MAX_REMEMBERED): SentRequests {
  const requests = new Map<string, SentRequest>();
  return {
    remember(requestId, request) {
      if (requests.size >= max) requests.delete(requests.keys().next().value as string);
      requests.set(requestId, request);
    },
    take(requestId) {
      const found = requests.get(requestId);
      if (found) requests.delete(requestId);
      return found;
    },
  };
}

/** Each broker's (tests run several brokers in one process). */
const sentRequestsOf = new WeakMap<object, SentRequests>();
export function sentRequests(broker: object): SentRequests {
  let found = sentRequestsOf.get(broker);
  if (!found) sentRequestsOf.set(broker, (found = createSentRequests()));
  return found;
}
