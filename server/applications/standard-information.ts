import type { Language } from '../../domain/language.ts';
import type { StatusOffer } from '../../domain/offer.ts';
import type { Broker } from '../broker.ts';
import { standardInformation, type StandardInformation } from '../offers/standard-information.ts';
import { applicationIdForToken } from './lookup.ts';
import { Refusal } from './refusal.ts';
import { buildStatus } from './status.ts';

export interface StandardInformationRequest {
  readonly token: string;
  readonly offerId: string;
  /** the language asked for; without it, the application's */
  readonly lang?: Language | undefined;
}

export interface OfferStandardInformation {
  readonly offer: StatusOffer;
  readonly language: Language;
  readonly info: StandardInformation;
}

/**
 * The standard pre-contractual information of one offer of the application the token opens, generated from the
 * offer's terms as the application's status shows them (a lender the person excluded has no offer there).
 * Refuses an unknown or expired token (`unknownToken`) and an offer that is not this application's (`unknownOffer`).
 */
export async function offerStandardInformation(
  broker: Broker,
  request: StandardInformationRequest,
): Promise<OfferStandardInformation> {
  return standardInformationOfApplication(
    broker,
    await applicationIdForToken(broker, request.token),
    request.offerId,
    request.lang,
  );
}

/** The same for an application already known to be the caller's (the account's, by its session). */
export async function standardInformationOfApplication(
  broker: Broker,
  applicationId: string,
  offerId: string,
  lang: Language | undefined,
): Promise<OfferStandardInformation> {
  const status = await buildStatus(broker.db, broker.cipher, broker.lenders, applicationId);
  const offer = status?.offers.find((candidate) => candidate.id === offerId);
  if (!status || !offer) throw new Refusal('unknownOffer');
  const language = lang ?? status.language;
  // the creditor's register number and address, from the lenders' configuration (none for a lender since removed)
  const creditor = broker.lenders.get(offer.lenderId) ?? null;
  return { offer, language, info: standardInformation(offer, creditor, language) };
}
