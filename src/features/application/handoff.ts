import type { BrokerClient } from '../../api/broker-client.ts';
import type { Language } from '../../../domain/language.ts';
import { isTokenShaped } from '../../../domain/token.ts';
import { pathOfStep } from '../../../domain/wizard-paths.ts';
import { HANDOFF_PARAM } from '../../../domain/wizard-paths.ts';

export { HANDOFF_PARAM };

/**
 * A publisher's widget runs on our origin but in the publisher's storage partition, so a tab of the
 * site it opens does not have the application's token, and the token never goes into a URL. The
 * widget asks the broker for a one-time code that is good for two minutes and opens the wizard's
 * waiting step with `?handoff=<code>`; the wizard trades the code for the token and takes it out of
 * the address at once.
 */

/** The wizard's waiting step in that language on the site, carrying the handoff code. */
export function handoffUrl(siteOrigin: string, lang: Language, code: string): string {
  const url = new URL(pathOfStep('waiting', lang), siteOrigin);
  url.searchParams.set(HANDOFF_PARAM, code);
  return url.toString();
}

/**
 * The token a handoff code in the address stands for. The code leaves the address before anything
 * is asked (it neither stays in the history nor goes along when the address is shared or reloaded);
 * null when there is no code, or it is malformed, spent, expired or could not be redeemed: the caller
 * then starts the wizard as it would have without one.
 */
export async function takeHandoff(
  location: URL,
  history: Pick<History, 'replaceState' | 'state'>,
  client: Pick<BrokerClient, 'redeemHandoff'>,
): Promise<string | null> {
  if (!location.searchParams.has(HANDOFF_PARAM)) return null;
  const code = location.searchParams.get(HANDOFF_PARAM);
  const cleaned = new URL(location.href);
  cleaned.searchParams.delete(HANDOFF_PARAM);
  history.replaceState(history.state, '', `${cleaned.pathname}${cleaned.search}${cleaned.hash}`);
  // codes have the shape of tokens: anything else the server would refuse anyway
  if (!isTokenShaped(code)) return null;
  try {
    return (await client.redeemHandoff(code)).token;
  } catch {
    return null;
  }
}
