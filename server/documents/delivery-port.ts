import type { Broker } from '../broker.ts';

/**
 * Queues the delivery of an item the person sent to the lender that asked for it (server/documents/delivery.ts).
 * The routes take the function as a parameter (server/http/api-routes.ts passes it), so tests may give their own.
 */
export type QueueDocumentDelivery = (broker: Broker, itemId: string) => Promise<void>;
