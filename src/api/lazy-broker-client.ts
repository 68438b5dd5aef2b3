import type { BrokerClient, BrokerClientOptions } from './broker-client.ts';

/**
 * The broker client, fetched the first time it is used. The form, the step most people open first,
 * calls nothing until it is sent, so the HTTP client is not part of its download.
 */
export function lazyBrokerClient(options: BrokerClientOptions): BrokerClient {
  let client: Promise<BrokerClient> | null = null;
  const load = () => (client ??= import('./broker-client.ts').then((module) => module.createBrokerClient(options)));
  return {
    institutions: async () => (await load()).institutions(),
    lenders: async () => (await load()).lenders(),
    requestReview: async (body) => (await load()).requestReview(body),
    status: async (token) => (await load()).status(token),
    submit: async (body, idempotencyKey) => (await load()).submit(body, idempotencyKey),
    startIdentification: async (body) => (await load()).startIdentification(body),
    chooseOffer: async (token, offerId, returnTo) => (await load()).chooseOffer(token, offerId, returnTo),
    createHandoff: async (token) => (await load()).createHandoff(token),
    redeemHandoff: async (code) => (await load()).redeemHandoff(code),
    watchStatus: (token, onStatus, watchOptions) => {
      let stop: (() => void) | null = null;
      let stopped = false;
      void load().then((loaded) => {
        if (!stopped) stop = loaded.watchStatus(token, onStatus, watchOptions);
      });
      return () => {
        stopped = true;
        stop?.();
      };
    },
  };
}
