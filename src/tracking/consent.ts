import {
  CONSENT_CATEGORIES,
  CONSENT_COOKIE,
  CONSENT_COOKIE_MAX_AGE_SECONDS,
  consentCookieValue,
  consentOfCookies,
  type Consent,
  type ConsentCategory,
} from '../../domain/consent-cookie.ts';

/**
 * Cookie consent: what the visitor allowed, stored in local storage under `cookieConsent`, and the categories alone
 * in a cookie of that name, which tells the server which third-party hosts a page's policy may name.
 */
export { CONSENT_CATEGORIES, type Consent, type ConsentCategory };

export const CONSENT_KEY = 'cookieConsent';

export const acceptAll: Consent = { analytics: true, testing: true, ads: true };
export const rejectAll: Consent = { analytics: false, testing: false, ads: false };

export function readConsent(storage: Storage): Consent | null {
  try {
    const raw = storage.getItem(CONSENT_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<Record<ConsentCategory, unknown>>;
    return {
      analytics: parsed.analytics === true,
      testing: parsed.testing === true,
      ads: parsed.ads === true,
    };
  } catch {
    return null;
  }
}

export function writeConsent(storage: Storage, consent: Consent): void {
  storage.setItem(CONSENT_KEY, JSON.stringify({ ...consent, at: new Date().toISOString() }));
}

/** The cookie goes with every request for a page; only https sends it marked Secure. */
export function writeConsentCookie(doc: Document, consent: Consent): void {
  const secure = doc.location.protocol === 'https:' ? '; Secure' : '';
  doc.cookie = `${CONSENT_COOKIE}=${consentCookieValue(consent)}; Path=/; Max-Age=${CONSENT_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax${secure}`;
}

/** The choice the page's request carried: what its Content Security Policy allows. */
export const readConsentCookie = (doc: Document): Consent | null => consentOfCookies(doc.cookie);

export type ConsentSummary = 'none' | 'all' | 'necessary' | 'custom';

export function summarize(consent: Consent | null): ConsentSummary {
  if (!consent) return 'none';
  const allowed = CONSENT_CATEGORIES.filter((category) => consent[category]).length;
  if (allowed === CONSENT_CATEGORIES.length) return 'all';
  return allowed === 0 ? 'necessary' : 'custom';
}
