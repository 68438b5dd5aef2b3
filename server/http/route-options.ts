import type { Broker } from '../broker.ts';
import { apiErrorSchema } from '../../domain/api.ts';

/** The error answers most routes document. */
export const ERROR_ANSWERS = {
  400: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
  429: apiErrorSchema,
};

/** Rate limits per client address, per minute; RATE_LIMIT_SCALE raises them for load tests. */
export const perMinute = (broker: Broker, requests: number) => ({
  rateLimit: { max: Math.round(requests * broker.config.rateLimitScale), timeWindow: 60_000 },
});
