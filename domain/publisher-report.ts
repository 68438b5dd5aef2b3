import { z } from 'zod';
import { APPLICATION_STATES } from './api.ts';

/**
 * The publisher report: the applications a publisher's widgets brought, with their attribution and
 * progress, and nothing about the people behind them.
 */

const isoDate = z.iso.date({ error: 'invalidValue' });
const isoDateTime = z.iso.datetime({ offset: true, error: 'invalidValue' });

/** The start of a bound, in ms since the epoch; a day starts at its UTC midnight. */
export const reportBoundStart = (bound: string): number =>
  Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(bound) ? `${bound}T00:00:00Z` : bound);

/** Years from 1970: an earlier bound holds no application, and the year 0 the ISO form allows is none PostgreSQL knows. */
const FROM_1970 = /^(19[7-9]\d|[2-9]\d{3})-/;

/** A bound of the report: a day (`2025-03-01`, a whole UTC day) or an instant with its offset. */
export const reportBoundSchema = z.union(
  [isoDate.regex(FROM_1970, { error: 'invalidValue' }), isoDateTime.regex(FROM_1970, { error: 'invalidValue' })],
  { error: 'invalidValue' },
);

/** Just after the end of a bound: a day includes all of it, an instant itself. */
export const reportBoundEnd = (bound: string): number =>
  /^\d{4}-\d{2}-\d{2}$/.test(bound) ? reportBoundStart(bound) + 86_400_000 : Date.parse(bound) + 1;

/**
 * `from` and `to` are both included; newest first, at most `limit`. Loose, like every query here:
 * a `lang` beside the fields keeps errors in that language.
 */
export const publisherApplicationsQuerySchema = z
  .looseObject({
    from: reportBoundSchema.optional(),
    to: reportBoundSchema.optional(),
    limit: z.coerce
      .number({ error: 'invalidValue' })
      .int({ error: 'invalidValue' })
      .min(1, { error: 'invalidValue' })
      .max(500, { error: 'invalidValue' })
      .default(100),
  })
  // a bound that is no date at all has its own issue already; this one is about their order only
  .refine((query) => !query.from || !query.to || !(reportBoundStart(query.from) >= reportBoundEnd(query.to)), {
    error: 'invalidValue',
    path: ['to'],
  });
export type PublisherApplicationsQuery = z.infer<typeof publisherApplicationsQuerySchema>;

/** The campaign values of an application's tracking; never the referrer, which can name a person's page. */
export const publisherTrackingSchema = z.object({
  utm_source: z.string().optional(),
  utm_medium: z.string().optional(),
  utm_campaign: z.string().optional(),
  utm_content: z.string().optional(),
  utm_term: z.string().optional(),
  click_ID: z.string().optional(),
});
export type PublisherTracking = z.infer<typeof publisherTrackingSchema>;

export const publisherApplicationSchema = z.object({
  /** stable and opaque: neither the application's id nor its token, and not reversible to either */
  reference: z.string().regex(/^[0-9a-f]{16}$/),
  createdAt: z.iso.datetime(),
  state: z.enum(APPLICATION_STATES),
  tracking: publisherTrackingSchema,
});
export type PublisherApplication = z.infer<typeof publisherApplicationSchema>;

export const publisherApplicationsAnswerSchema = z.object({
  publisherId: z.string(),
  applications: z.array(publisherApplicationSchema),
});
export type PublisherApplicationsAnswer = z.infer<typeof publisherApplicationsAnswerSchema>;
