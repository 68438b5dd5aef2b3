import type { ApplicationActor } from '../../../../machines/application-machine.ts';

/**
 * The offer this page asked for, per running machine. The machine's context keeps the signing link of a
 * choice but not which offer it was; the server's status says so as soon as its next update arrives. Until
 * then the chosen-offer screen reads it here, so it can name the lender at once.
 */
const sent = new WeakMap<ApplicationActor, string>();

export const rememberChosenOffer = (actor: ApplicationActor, offerId: string): void => {
  sent.set(actor, offerId);
};

export const sentOfferId = (actor: ApplicationActor): string | null => sent.get(actor) ?? null;
