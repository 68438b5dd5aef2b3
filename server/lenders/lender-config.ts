import { z } from 'zod';
import { jsonSettingFromEnv } from '../config/json-setting.ts';
import { lenderKindSchema, payoutTimeSchema } from '../../domain/offer.ts';
import { lenderMonogramPath, type LenderEndpoint } from './registry.ts';
import { LENDER_ID_PATTERN } from '../../domain/lender-id.ts';
import { MAX_AMOUNT, MAX_TERM_MONTHS, MIN_AMOUNT, MIN_TERM_MONTHS } from '../../domain/loan-options.ts';
import { LOAN_PURPOSES } from '../../domain/loan-purposes.ts';

/**
 * The partner lenders come from configuration: `LENDERS_CONFIG` (the JSON itself) or
 * `LENDERS_CONFIG_FILE` (a path to it). Each secret is shared with one lender only, base64, at
 * least 32 bytes: the HMAC key of the partner protocol in both directions.
 */
const secretSchema = z
  .base64()
  .refine((value) => Buffer.from(value, 'base64').length >= 32, 'a shared secret has at least 32 bytes');

const httpUrl = z.url({ protocol: /^https?$/ });

/**
 * A lender's commission terms: a percentage of the paid principal plus a fixed amount per paid loan (either may
 * be 0, not both). A lender without terms earns the broker nothing in the report, which says so.
 */
export const commissionTermsSchema = z
  .strictObject({
    /** of the principal paid out, e.g. 2.5 for 2.5 % */
    percentOfPrincipal: z.number().min(0).max(20),
    /** EUR per paid loan */
    fixedPerLoan: z.number().min(0).max(5000),
  })
  .refine((terms) => terms.percentOfPrincipal > 0 || terms.fixedPerLoan > 0, 'commission terms pay something');

/** A range of the loans a lender serves; by default every loan the form allows. */
const range = (min: number, max: number) =>
  z
    .object({ min: z.number().min(min).max(max), max: z.number().min(min).max(max) })
    .refine((value) => value.min <= value.max, 'min is at most max')
    .default({ min, max });

export const lenderConfigSchema = z.object({
  id: z.string().regex(LENDER_ID_PATTERN, 'an id is lower-case letters, digits and hyphens'),
  name: z.string().trim().min(1).max(120),
  kind: lenderKindSchema,
  /** the creditor's identity in the standard information: its register number (Latvian: 11 digits) and address */
  registrationNumber: z.string().trim().min(1).max(40),
  address: z.string().trim().min(1).max(200),
  logo: z.union([httpUrl, z.string().regex(/^\/[^/]/)]).nullish(),
  /** where the lender takes applications: `${endpoint}/applications` */
  endpoint: httpUrl,
  keyId: z.string().min(1).max(64),
  secret: secretSchema,
  /** EUR */
  amounts: range(MIN_AMOUNT, MAX_AMOUNT),
  /** months */
  terms: range(MIN_TERM_MONTHS, MAX_TERM_MONTHS),
  /** the loan purposes it lends for; by default every purpose the form offers */
  purposes: z
    .array(z.enum(LOAN_PURPOSES))
    .min(1)
    .refine((purposes) => new Set(purposes).size === purposes.length, 'purposes repeat')
    .default([...LOAN_PURPOSES]),
  /** a test environment (or a simulator): it takes the test applications of publishers' widgets, and only it does */
  test: z.boolean().default(false),
  /**
   * how soon after signing the lender pays out, as it states it (`{"within": 1, "unit": "workingHours"}`); without
   * it, messages and screens say no time and leave it to the lender
   */
  payoutTime: payoutTimeSchema.optional(),
  /** what the lender pays the broker for each loan it paid out (the administrator's commissions report) */
  commission: commissionTermsSchema.optional(),
});
export type LenderConfig = z.input<typeof lenderConfigSchema>;

export const lendersConfigSchema = z
  .array(lenderConfigSchema)
  .refine((lenders) => new Set(lenders.map((lender) => lender.id)).size === lenders.length, 'lender ids repeat');

/** Checks a configuration (parsed JSON) and turns it into the registry; throws naming every fault. */
export function lenderRegistryOf(config: unknown, source = 'LENDERS_CONFIG'): LenderEndpoint[] {
  const parsed = lendersConfigSchema.safeParse(config);
  if (!parsed.success) throw new Error(`${source}: ${z.prettifyError(parsed.error)}`);
  return parsed.data.map((lender) => ({
    id: lender.id,
    name: lender.name,
    kind: lender.kind,
    registrationNumber: lender.registrationNumber,
    address: lender.address,
    logo: lender.logo ?? lenderMonogramPath(lender.id),
    amounts: lender.amounts,
    terms: lender.terms,
    purposes: lender.purposes,
    baseUrl: lender.endpoint.replace(/\/+$/, ''),
    keyId: lender.keyId,
    secret: Buffer.from(lender.secret, 'base64'),
    takesTestApplications: lender.test,
    ...(lender.payoutTime ? { payoutTime: lender.payoutTime } : {}),
    ...(lender.commission ? { commission: lender.commission } : {}),
  }));
}

type Env = Readonly<Record<string, string | undefined>>;

/** The registry the environment names; empty when it names none. */
export function lenderRegistryFromEnv(env: Env): LenderEndpoint[] {
  const setting = jsonSettingFromEnv(env, 'LENDERS_CONFIG');
  return setting === null ? [] : lenderRegistryOf(setting.json, setting.source);
}
