import type { LenderKind } from '../../domain/offer.ts';

/** A partner lender as the broker reaches it: where to post applications, and the secret both sides sign with. */
export interface LenderEndpoint {
  readonly id: string;
  readonly name: string;
  readonly kind: LenderKind;
  /** the lender's logo (an https or site-relative address), or null when it has none */
  readonly logo: string | null;
  /** applications go to `${baseUrl}/applications` */
  readonly baseUrl: string;
  /** the name the broker signs with towards this lender (x-kk-partner): the lender finds the secret by it */
  readonly keyId: string;
  readonly secret: Buffer;
}

export function findLender(registry: readonly LenderEndpoint[], id: string): LenderEndpoint | undefined {
  return registry.find((lender) => lender.id === id);
}
