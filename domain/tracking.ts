import * as z from 'zod/mini';

/**
 * The tracking that travels with an application (spec: session storage keys). zod/mini: the form
 * reads it in the wizard's first step.
 * Tracking is stored as JSONB, which takes neither NUL nor unpaired surrogates: no control characters, no lone surrogates.
 */
const trackingText = (max: number) => z.optional(z.string().check(z.maxLength(max), z.regex(/^[^\p{Cc}\p{Cs}]*$/u)));

export const trackingSchema = z.strictObject({
  publisherId: z.optional(z.string().check(z.maxLength(64), z.regex(/^[\w.-]*$/))),
  utm_source: trackingText(200),
  utm_medium: trackingText(200),
  utm_campaign: trackingText(200),
  utm_content: trackingText(200),
  utm_term: trackingText(200),
  referrer: trackingText(500),
  v: trackingText(16),
  click_ID: trackingText(200),
});
export type Tracking = z.infer<typeof trackingSchema>;
