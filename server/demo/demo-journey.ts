import type { LoanPurpose } from '../../domain/loan-purposes.ts';
import type { LenderKind } from '../../domain/offer.ts';
import type { FieldCipher } from '../security/field-cipher.ts';
import type { DemoPerson } from './demo-people.ts';
import type { Dice } from './demo-random.ts';
import type { DemoRows } from './demo-rows.ts';

/**
 * What every part of a demo application's making shares: the seed's setting (lenders, publishers, keys, "now"), the
 * funnel's rates, and the application under way with the messages its stages send.
 */

export interface DemoLender {
  readonly id: string;
  readonly kind: LenderKind;
  readonly amounts: { readonly min: number; readonly max: number };
  readonly terms: { readonly min: number; readonly max: number };
  readonly purposes?: readonly LoanPurpose[] | undefined;
  /** how long it takes to answer, seconds (median); by default a bank 90, a non-bank lender 20 */
  readonly medianAnswerSeconds?: number | undefined;
}

export interface DemoContext {
  readonly seed: string;
  readonly now: Date;
  readonly lenders: readonly DemoLender[];
  /** the publishers' ids; an application comes from one of them or directly */
  readonly publishers: readonly string[];
  readonly cipher: FieldCipher;
  readonly lookupKey: Buffer;
  readonly tokenTtlDays: number;
  readonly lenderTimeoutSeconds: number;
}

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** The funnel's rates, each of the stage before (issue 34's "realistic mix"). */
export const DEMO_FUNNEL = {
  identificationStarted: 0.7,
  identified: 0.85,
  anyOffer: 0.8,
  chosen: 0.35,
  signed: 0.85,
  paid: 0.95,
  callRequest: 0.03,
  documentsRequest: 0.06,
} as const;

/** A time as the tables take it. */
export const iso = (time: number): Date => new Date(time);

export interface Journey {
  readonly dice: Dice;
  readonly context: DemoContext;
  readonly rows: DemoRows;
  readonly id: string;
  readonly person: DemoPerson;
  readonly personKey: string;
  readonly created: number;
  readonly amount: number;
  readonly term: number;
  readonly choices: { readonly email: boolean; readonly sms: boolean };
}

/** The messages of one occasion, on the channels the person chose (SMS only for what cannot wait). */
export function notice(
  journey: Journey,
  kind: string,
  dedupeKey: string,
  at: number,
  sms: boolean,
  link?: { documentRequestId?: string; callRequestId?: string },
): void {
  if (at > journey.context.now.getTime()) return;
  for (const channel of ['email', 'sms'] as const) {
    if (!journey.choices[channel] || (channel === 'sms' && !sms)) continue;
    journey.rows.notices.add(
      journey.dice.uuid(),
      journey.id,
      kind,
      channel,
      dedupeKey,
      'sent',
      iso(at),
      iso(at + journey.dice.int(1, 30) * SECOND),
      link?.documentRequestId ?? null,
      link?.callRequestId ?? null,
    );
  }
}
