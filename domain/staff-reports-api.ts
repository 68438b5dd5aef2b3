import { z } from 'zod';
import { DECLINE_REASONS } from './api.ts';
import { PRODUCT_KEYS } from './loan-options.ts';

/**
 * The administrator's reports (issue 34): the funnel, the lenders' health and the commissions. Every figure is
 * counted by the server from the applications' own rows; the page and the CSV show the same answer. Days are
 * Europe/Riga's.
 */

/** The funnel's stages, in the order a person goes through them. */
export const FUNNEL_STAGES = [
  'calculator',
  'started',
  'submitted',
  'identified',
  'offers',
  'chosen',
  'signed',
  'paid',
] as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[number];

/** The longest range one report reads: a year and a day (a leap year's whole year). */
export const REPORT_MAX_DAYS = 366;

const day = z.iso.date({ error: 'invalidValue' }).regex(/^(19[7-9]\d|[2-9]\d{3})-/, { error: 'invalidValue' });
const publisherId = z.string().regex(/^[\w.-]{1,64}$/, { error: 'invalidValue' });

export const daysBetween = (from: string, to: string): number => (Date.parse(to) - Date.parse(from)) / 86_400_000;

const rangeChecked = <S extends z.ZodType<{ from: string; to: string }>>(schema: S) =>
  schema
    .refine((query) => daysBetween(query.from, query.to) >= 0, { error: 'invalidValue', path: ['to'] })
    .refine((query) => daysBetween(query.from, query.to) < REPORT_MAX_DAYS, { error: 'invalidValue', path: ['to'] });

/** A range of Riga days, both included. */
const rangeFields = { from: day, to: day };

export const funnelQuerySchema = rangeChecked(
  z.strictObject({
    ...rangeFields,
    unit: z.enum(['day', 'week'], { error: 'invalidValue' }).default('day'),
    /** one row a period, or one a period and publisher (none: "direct"), or one a period and product */
    groupBy: z.enum(['none', 'publisher', 'product'], { error: 'invalidValue' }).default('none'),
    publisherId: publisherId.optional(),
    product: z.enum(PRODUCT_KEYS, { error: 'invalidValue' }).optional(),
  }),
);
export type FunnelQuery = z.infer<typeof funnelQuerySchema>;
export type FunnelQueryInput = z.input<typeof funnelQuerySchema>;

const count = z.number().int().min(0);
export const funnelCountsSchema = z.object(
  Object.fromEntries(FUNNEL_STAGES.map((stage) => [stage, count])) as {
    [S in FunnelStage]: typeof count;
  },
);
export type FunnelCounts = z.infer<typeof funnelCountsSchema>;

export const funnelRowSchema = funnelCountsSchema.extend({
  /** the period's first day: the day, or the week's Monday */
  period: z.iso.date(),
  /** the publisher's id ('' for applications no publisher brought) or the product; null without grouping */
  group: z.string().nullable(),
});
export type FunnelRow = z.infer<typeof funnelRowSchema>;

export const funnelAnswerSchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  unit: z.enum(['day', 'week']),
  groupBy: z.enum(['none', 'publisher', 'product']),
  rows: z.array(funnelRowSchema),
  /** the whole range's sums, one a group */
  totals: z.array(funnelCountsSchema.extend({ group: z.string().nullable() })),
});
export type FunnelAnswer = z.infer<typeof funnelAnswerSchema>;

/** Each stage's share of the one before it (the calculator has none), and the paid share of the submitted. */
export function conversionRates(counts: FunnelCounts): { readonly [S in FunnelStage]: number | null } & {
  readonly overall: number | null;
} {
  const rate = (part: number, whole: number) => (whole > 0 ? part / whole : null);
  const entries = FUNNEL_STAGES.map((stage, index) => {
    const previous = FUNNEL_STAGES[index - 1];
    return [stage, previous === undefined ? null : rate(counts[stage], counts[previous])] as const;
  });
  return {
    ...(Object.fromEntries(entries) as { [S in FunnelStage]: number | null }),
    overall: rate(counts.paid, counts.submitted),
  };
}

export const HEALTH_WINDOWS = ['24h', '30d'] as const;
export type HealthWindow = (typeof HEALTH_WINDOWS)[number];

export const lenderHealthQuerySchema = z.strictObject({});

export const lenderHealthSchema = z.object({
  lenderId: z.string(),
  name: z.string(),
  /** the lender's requests made in the window (an application identified and sent its way) */
  requests: count,
  /** those the lender answered itself: an offer or a decline */
  answered: count,
  offers: count,
  declined: count,
  /** answered / requests; null without requests */
  answerRate: z.number().nullable(),
  /** seconds from the send to the answer, of the answered; null without answers */
  medianSeconds: z.number().nullable(),
  p95Seconds: z.number().nullable(),
  declinesByReason: z.object(
    Object.fromEntries(DECLINE_REASONS.map((reason) => [reason, count])) as {
      [R in (typeof DECLINE_REASONS)[number]]: typeof count;
    },
  ),
  /** no answer in its time */
  timeouts: count,
  /** the send failed for good */
  errors: count,
  /** documents requests it made in the window */
  documentsRequested: count,
});
export type LenderHealth = z.infer<typeof lenderHealthSchema>;

export const lenderHealthAnswerSchema = z.object({
  /** when the windows end */
  at: z.iso.datetime(),
  windows: z.object({ '24h': z.array(lenderHealthSchema), '30d': z.array(lenderHealthSchema) }),
});
export type LenderHealthAnswer = z.infer<typeof lenderHealthAnswerSchema>;

export const commissionQuerySchema = rangeChecked(z.strictObject(rangeFields));
export type CommissionQuery = z.infer<typeof commissionQuerySchema>;

const euros = z.number();
export const commissionRowSchema = z.object({
  /** the Riga month the loans were paid in, YYYY-MM */
  month: z.string().regex(/^\d{4}-\d{2}$/),
  lenderId: z.string(),
  lenderName: z.string(),
  /** '' for loans no publisher brought */
  publisherId: z.string(),
  publisherName: z.string(),
  loans: count,
  /** EUR paid out */
  principal: euros,
  /** EUR the lender owes the broker: each loan's by the lender's terms, rounded to the cent, summed */
  commission: euros,
  /** EUR of that which goes to the publisher: each loan's by its share, rounded to the cent, summed */
  publisherShare: euros,
  /** commission − publisherShare */
  brokerNet: euros,
});
export type CommissionRow = z.infer<typeof commissionRowSchema>;

export const commissionAnswerSchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  rows: z.array(commissionRowSchema),
  /** the lenders' terms the figures were counted with; a lender without terms is listed with null */
  terms: z.array(
    z.object({
      lenderId: z.string(),
      name: z.string(),
      percentOfPrincipal: z.number().nullable(),
      fixedPerLoan: z.number().nullable(),
    }),
  ),
  shares: z.array(z.object({ publisherId: z.string(), name: z.string(), commissionSharePercent: z.number() })),
});
export type CommissionAnswer = z.infer<typeof commissionAnswerSchema>;

/** A funnel-event the site's calculator or form reports: no person, no address, only the product and publisher. */
export const funnelEventBodySchema = z.strictObject({
  kind: z.enum(['calculator', 'started']),
  product: z.enum(PRODUCT_KEYS),
  publisherId: publisherId.optional(),
});
export type FunnelEventBody = z.infer<typeof funnelEventBodySchema>;
