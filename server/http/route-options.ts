import type { Broker } from '../broker.ts';

/** Rate limits per client address, per minute; RATE_LIMIT_SCALE raises them for load tests. */
export const perMinute = (broker: Broker, requests: number) => ({
  rateLimit: { max: Math.round(requests * broker.config.rateLimitScale), timeWindow: 60_000 },
});

/**
 * The same, counted once the body is read, for routes whose body names the answer's language: a
 * 429 counted on arrival could not read it. Only a body that parses is counted; one that does not
 * is refused at once, and the body limit keeps that cheap.
 */
export const perMinuteOfBody = (broker: Broker, requests: number) => ({
  rateLimit: { ...perMinute(broker, requests).rateLimit, hook: 'preValidation' as const },
});
