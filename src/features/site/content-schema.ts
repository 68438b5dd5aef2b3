import { z } from 'zod';
import type { ArticleKey } from '../../../domain/site-pages.ts';

/**
 * Shapes of the long-form page content in locales/{lv,ru}/*.json.
 * Content is data, so a test parses every locale file with these schemas:
 * a missing or misnamed key fails the suite instead of rendering a blank.
 */
const text = z.string().min(1);
const section = z.object({ heading: text, paragraphs: z.array(text).min(1) });
const qa = z.object({ q: text, a: text });

export const homeContentSchema = z.object({
  hero: z.object({
    heading: text,
    /** contains {{rate}} and {{apr}}: the "from" rate and the representative example's APR beside it */
    rateLine: text.refine((s) => s.includes('{{rate}}') && s.includes('{{apr}}'), 'needs {{rate}} and {{apr}}'),
    lead: text,
    bullets: z.array(text).length(3),
  }),
  /** the two alternate hero variants shown on /v1 and /v2 */
  heroVariants: z.object({
    v1: z.object({ heading: text, lead: text }),
    v2: z.object({ heading: text, lead: text }),
  }),
  tabs: z.object({
    label: text,
    consumer: z.object({ title: text, lead: text }),
    car: z.object({ title: text, lead: text }),
    refinancing: z.object({ title: text, lead: text }),
    renovation: z.object({ title: text, lead: text }),
  }),
  steps: z.object({
    heading: text,
    items: z.array(z.object({ title: text, body: text })).length(3),
  }),
  reasons: z.object({
    heading: text,
    items: z
      .array(z.object({ title: text, body: text }))
      .min(4)
      .max(6),
  }),
  faq: z.object({ heading: text, items: z.array(qa).min(4).max(8), more: text }),
  reviews: z.object({
    heading: text,
    /** contains {{rating}} and {{count}} */
    summary: text,
    items: z
      .array(z.object({ text, name: text }))
      .min(3)
      .max(6),
  }),
  cta: z.object({ heading: text, body: text, button: text }),
});

export const productContentSchema = z.object({
  h1: text,
  lead: text,
  highlights: z.array(text).min(3).max(5),
  sections: z.array(section).min(3).max(6),
  faq: z.array(qa).min(3).max(6),
  cta: text,
});

export const productsContentSchema = z.object({
  consumer: productContentSchema,
  car: productContentSchema,
  refinancing: productContentSchema,
  renovation: productContentSchema,
});

export const faqContentSchema = z.object({
  h1: text,
  lead: text,
  groups: z.array(z.object({ heading: text, items: z.array(qa).min(2) })).min(4),
});

export const articleMetaSchema = z.object({
  title: text,
  description: text,
  summary: text,
});

export const tipsContentSchema = z.object({
  h1: text,
  lead: text,
  readMore: text,
  articles: z.object({
    leasingVsLoan: articleMetaSchema,
    moneyScams: articleMetaSchema,
    renovationBorrowOrSave: articleMetaSchema,
    consumerLoanConsiderations: articleMetaSchema,
    weddingSavings: articleMetaSchema,
  } satisfies Record<ArticleKey, typeof articleMetaSchema>),
});

export type HomeContent = z.infer<typeof homeContentSchema>;
export type ProductContent = z.infer<typeof productContentSchema>;
export type ProductsContent = z.infer<typeof productsContentSchema>;
export type FaqContent = z.infer<typeof faqContentSchema>;
export type TipsContent = z.infer<typeof tipsContentSchema>;
