import { pathOf } from '../../domain/contract/define-endpoint.ts';
import { lenderMonogram } from '../../domain/contract/reference-data.ts';
import type { LenderKind, PayoutTime } from '../../domain/offer.ts';
import type { LoanPurpose } from '../../domain/loan-purposes.ts';

/** A partner lender as the broker reaches it: where to post applications, and the secret both sides sign with. */
export interface LenderEndpoint {
  readonly id: string;
  readonly name: string;
  readonly kind: LenderKind;
  /** the creditor's register number and address, which its standard information states */
  readonly registrationNumber: string;
  readonly address: string;
  /** the lender's logo: its own (an https or site-relative address), else the broker's monogram of it */
  readonly logo: string;
  /** the loans it serves: amounts in EUR, terms in months (both ends included) */
  readonly amounts: { readonly min: number; readonly max: number };
  readonly terms: { readonly min: number; readonly max: number };
  /** the loan purposes it lends for (domain/lender-reach.ts: an application for another is not sent to it) */
  readonly purposes: readonly LoanPurpose[];
  /** applications go to `${baseUrl}/applications` */
  readonly baseUrl: string;
  /** the name the broker signs with towards this lender (x-kk-partner): the lender finds the secret by it */
  readonly keyId: string;
  readonly secret: Buffer;
  /** a lender's test environment or a simulator: the only lenders a test application (widget test mode) goes to */
  readonly takesTestApplications?: boolean;
  /** how soon after signing it pays out, as it states it (its configuration); unknown when it states none */
  readonly payoutTime?: PayoutTime;
  /** what it pays the broker a paid loan (its configuration); none: the commissions report counts 0 for it */
  readonly commission?: CommissionTerms;
}

export interface CommissionTerms {
  /** of the paid principal, e.g. 2.5 for 2.5 % */
  readonly percentOfPrincipal: number;
  /** EUR a paid loan */
  readonly fixedPerLoan: number;
}

export function findLender(registry: readonly LenderEndpoint[], id: string): LenderEndpoint | undefined {
  return registry.find((lender) => lender.id === id);
}

/** Where the broker serves the monogram of a lender without a logo of its own. */
export const lenderMonogramPath = (id: string): string => pathOf(lenderMonogram, { id });
