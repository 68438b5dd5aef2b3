import type { Broker } from '../broker.ts';

/**
 * Queues the delivery of an item the person sent to the lender that asked for it. The job itself is
 * server/documents/delivery.ts's (issue 33's lender side); the routes take the function as a parameter
 * (server/http/api-routes.ts passes it), so the upload side neither waits for it nor imports it.
 */
export type QueueDocumentDelivery = (broker: Broker, itemId: string) => Promise<void>;

/**
 * Until the delivery job is merged: the item stays `sent` in the database, which is what that job's sweep
 * looks for, and nothing leaves the broker.
 */
export const queueNoDocumentDelivery: QueueDocumentDelivery = async () => undefined;
