import * as z from 'zod/mini';
import { WIDGET_KINDS } from './options.ts';
import { PROTOCOL_NAME, PROTOCOL_VERSION, WIDGET_ID_PATTERN } from './constants.ts';
import { LENDER_ID_PATTERN } from '../lender-id.ts';

export * from './constants.ts';

/**
 * The host↔widget postMessage protocol, version 1. Every message carries the protocol's name, its
 * version and the widget's id on the host page. Objects are strict: a message with any field more
 * (personal data slipping in) is refused, not passed on.
 */
const envelope = {
  protocol: z.literal(PROTOCOL_NAME),
  v: z.literal(PROTOCOL_VERSION),
  id: z.string().check(z.regex(WIDGET_ID_PATTERN)),
};
const whole = (max: number) => z.number().check(z.int(), z.gte(0), z.lte(max));

/** Widget → host. */
export const widgetMessageSchema = z.discriminatedUnion('type', [
  z.strictObject({ ...envelope, type: z.literal('ready'), widget: z.enum(WIDGET_KINDS) }),
  /**
   * the content's height in CSS pixels; the host sizes the iframe to it. `newStep`: the widget shows
   * another step (the host brings the widget's top into view if the visitor had scrolled past it)
   */
  z.strictObject({
    ...envelope,
    type: z.literal('resize'),
    height: whole(20_000),
    newStep: z.optional(z.literal(true)),
  }),
  /** the calculator's figures; no monthly payment in apply-only mode */
  z.strictObject({
    ...envelope,
    type: z.literal('calculationChanged'),
    amount: whole(1_000_000),
    term: whole(1_000),
    monthlyPayment: z.optional(z.number().check(z.gte(0), z.lte(1_000_000))),
  }),
  /** the person began the application: their first answer in its form */
  z.strictObject({ ...envelope, type: z.literal('started') }),
  /** the application reached the broker */
  z.strictObject({ ...envelope, type: z.literal('submitted') }),
  /** an alias of `submitted` (EVENT_ALIASES), announced beside it for the publishers' pages that listen for it */
  z.strictObject({ ...envelope, type: z.literal('applicationSubmitted') }),
  z.strictObject({ ...envelope, type: z.literal('offersReady'), count: whole(1_000) }),
  /** the person chose an offer: which lender, and the loan's amount and term; nothing of the person's */
  z.strictObject({
    ...envelope,
    type: z.literal('offerChosen'),
    lenderId: z.string().check(z.regex(LENDER_ID_PATTERN)),
    lenderName: z.string().check(z.minLength(1), z.maxLength(120), z.regex(/^[^\p{Cc}]*$/u)),
    amount: z.number().check(z.gte(0), z.lte(1_000_000)),
    term: whole(1_000),
  }),
]);
export type WidgetMessage = z.infer<typeof widgetMessageSchema>;
export type WidgetEventType = WidgetMessage['type'];
export const WIDGET_EVENT_TYPES = [
  'ready',
  'resize',
  'calculationChanged',
  'started',
  'submitted',
  'applicationSubmitted',
  'offersReady',
  'offerChosen',
] as const satisfies readonly WidgetEventType[];

/** Events the host announces under a second, older name too: a publisher's existing listeners keep working. */
export const EVENT_ALIASES: Partial<Record<WidgetEventType, WidgetEventType>> = { submitted: 'applicationSubmitted' };

/** Host → widget: the JavaScript API's `update` sets the calculator's figures. */
export const hostMessageSchema = z.discriminatedUnion('type', [
  z.strictObject({
    ...envelope,
    type: z.literal('update'),
    amount: z.optional(whole(1_000_000)),
    term: z.optional(whole(1_000)),
  }),
]);
export type HostMessage = z.infer<typeof hostMessageSchema>;

/** A host message, validated without eval: the widget pages' Content Security Policy forbids it. */
export function parseHostMessage(data: unknown) {
  z.config({ jitless: true });
  return hostMessageSchema.safeParse(data);
}

/** The DOM event a message becomes on the widget's element: `loanwidget:calculationchanged`. */
export const domEventName = (type: WidgetEventType): string => `loanwidget:${type.toLowerCase()}`;

type Body<M> = M extends unknown ? Omit<M, 'protocol' | 'v' | 'id'> : never;
export type WidgetMessageBody = Body<WidgetMessage>;
export type HostMessageBody = Body<HostMessage>;
