/**
 * The visitor's cookie choice as the server reads it. The choice lives in local storage (`cookieConsent`), which
 * a server never sees; the same choice also goes into a cookie of the same name, holding only the categories
 * allowed, so that each page's Content Security Policy names the third-party hosts of those categories and no
 * other (server/http/security-headers.ts).
 */
export const CONSENT_CATEGORIES = ['analytics', 'testing', 'ads'] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];
export type Consent = Readonly<Record<ConsentCategory, boolean>>;

export const CONSENT_COOKIE = 'cookieConsent';
/** A year: a choice is asked again after that (browsers keep a cookie at most 400 days anyway). */
export const CONSENT_COOKIE_MAX_AGE_SECONDS = 365 * 86_400;

/** `analytics.ads`, or `none` for a choice that allows nothing: the categories and nothing else. */
export const consentCookieValue = (consent: Consent): string =>
  CONSENT_CATEGORIES.filter((category) => consent[category]).join('.') || 'none';

/** The choice a Cookie header (or `document.cookie`) carries; null without the cookie. Unknown words allow nothing. */
export function consentOfCookies(cookies: string | undefined): Consent | null {
  if (!cookies) return null;
  const pair = cookies
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${CONSENT_COOKIE}=`));
  if (pair === undefined) return null;
  const allowed = new Set(pair.slice(CONSENT_COOKIE.length + 1).split('.'));
  return { analytics: allowed.has('analytics'), testing: allowed.has('testing'), ads: allowed.has('ads') };
}
