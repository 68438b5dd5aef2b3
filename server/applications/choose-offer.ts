import type { Broker } from '../broker.ts';
import { Refusal } from './refusal.ts';
import { applicationIdForToken } from './lookup.ts';
import { applyTransition } from './lifecycle/transition.ts';
import { pathOfStep } from '../../domain/wizard-paths.ts';
import type { IdentificationReturn } from '../../domain/api.ts';
import { widgetReturnPath } from './widget-return.ts';

/**
 * Records the person's choice and answers where to sign with that lender. A new choice replaces an unsigned one.
 * From a widget, the lender sends the person back to a page that closes its tab: the widget shows the signature.
 */
export async function chooseOffer(
  broker: Broker,
  token: string,
  offerId: string,
  returnTo: IdentificationReturn = 'wizard',
): Promise<{ signUrl: string }> {
  const applicationId = await applicationIdForToken(broker, token);
  if (returnTo === 'wizard') return chooseOfferOf(broker, applicationId, offerId);
  return chooseOfferOf(broker, applicationId, offerId, (language) => widgetReturnPath('signed', language));
}

/** The same choice for an application found otherwise (the personal account finds it by its session). */
export async function chooseOfferOf(
  broker: Broker,
  applicationId: string,
  offerId: string,
  /** where the lender sends the person back after signing, by language; the wizard's step by default */
  returnPath: (language: 'lv' | 'ru') => string = (language) => pathOfStep('offerChosen', language),
): Promise<{ signUrl: string }> {
  // the lifecycle's check (offers or an unsigned choice) comes with the lock, before the offer is read
  return applyTransition<{ language: 'lv' | 'ru' }, { signUrl: string }>(
    broker,
    applicationId,
    'offerChosen',
    ['language'],
    async (tx, application) => {
      const [offer] = (
        await tx.query<{ id: string; lender_id: string; lender_offer_id: string; expired: boolean }>(
          `SELECT id, lender_id, lender_offer_id, valid_until <= now() AS expired FROM offers
           WHERE application_id = $1 AND id::text = $2`,
          [applicationId, offerId],
        )
      ).rows;
      const lender = offer ? broker.lenders.get(offer.lender_id) : undefined;
      if (!offer || !lender) throw new Refusal('unknownOffer');
      if (offer.expired) throw new Refusal('offerExpired');
      const returnUrl = `${broker.config.publicBaseUrl}${returnPath(application.language)}`;
      const signUrl =
        `${lender.baseUrl}/contracts/${encodeURIComponent(offer.lender_offer_id)}` +
        `?lang=${application.language}&return_url=${encodeURIComponent(returnUrl)}`;
      return { set: { chosen_offer_id: offer.id, sign_url: signUrl, chosen_at: new Date() }, answer: { signUrl } };
    },
  );
}
