/**
 * The relying party of the staff's passkeys: the site the config's public base URL names. Browsers refuse an IP
 * address as an RP ID, so a server on this machine's loopback address is also its `localhost`, where the staff
 * page is opened and where enrolment links point.
 */

export interface RelyingParty {
  readonly id: string;
  readonly origins: readonly string[];
}

const LOOPBACK_IPS = new Set(['127.0.0.1', '[::1]']);

export function relyingPartyOf(publicBaseUrl: string): RelyingParty {
  const url = new URL(publicBaseUrl);
  if (!LOOPBACK_IPS.has(url.hostname)) return { id: url.hostname, origins: [url.origin] };
  const local = new URL(url);
  local.hostname = 'localhost';
  return { id: 'localhost', origins: [local.origin, url.origin] };
}
