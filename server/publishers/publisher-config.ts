import { z } from 'zod';
import { jsonSettingFromEnv } from '../config/json-setting.ts';

/**
 * The publishers the broker shares its commission with: `PUBLISHERS_CONFIG` (the JSON itself) or
 * `PUBLISHERS_CONFIG_FILE` (a path to it). The id is the one their widgets put in an application's tracking
 * (`publisherId`); the share is the part of the lender's commission on a loan they brought that goes to them.
 * A publisher not listed gets no share in the commissions report, which names it all the same.
 */
export const publisherConfigSchema = z.strictObject({
  id: z.string().regex(/^[\w.-]{1,64}$/, 'an id is letters, digits, _ . - (as the widget names it)'),
  name: z.string().trim().min(1).max(120),
  /** % of the lender's commission on each paid loan the publisher brought, e.g. 40 */
  commissionSharePercent: z.number().min(0).max(100),
});
export type PublisherConfig = z.infer<typeof publisherConfigSchema>;

export const publishersConfigSchema = z
  .array(publisherConfigSchema)
  .refine((list) => new Set(list.map((publisher) => publisher.id)).size === list.length, 'publisher ids repeat');

/** Checks a configuration (parsed JSON); throws naming every fault. */
export function publishersOf(config: unknown, source = 'PUBLISHERS_CONFIG'): PublisherConfig[] {
  const parsed = publishersConfigSchema.safeParse(config);
  if (!parsed.success) throw new Error(`${source}: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

type Env = Readonly<Record<string, string | undefined>>;

/** The publishers the environment names; empty when it names none. */
export function publishersFromEnv(env: Env): PublisherConfig[] {
  const setting = jsonSettingFromEnv(env, 'PUBLISHERS_CONFIG');
  return setting === null ? [] : publishersOf(setting.json, setting.source);
}

/**
 * The sandbox's publishers (the portals the documentation's examples and the demo use), for a broker whose
 * environment names none: a larger share for the portal that brings the most.
 */
export const SANDBOX_PUBLISHERS: readonly PublisherConfig[] = [
  { id: 'acme.lv', name: 'Acme.lv', commissionSharePercent: 40 },
  { id: 'auto-portals.lv', name: 'Auto Portals', commissionSharePercent: 35 },
  { id: 'spa-news', name: 'SPA News', commissionSharePercent: 30 },
];
