/** Cookie consent: what the visitor allowed, stored in local storage under `cookieConsent`. */
export const CONSENT_CATEGORIES = ['analytics', 'testing', 'ads'] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];
export type Consent = Readonly<Record<ConsentCategory, boolean>>;

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

export type ConsentSummary = 'none' | 'all' | 'necessary' | 'custom';

export function summarize(consent: Consent | null): ConsentSummary {
  if (!consent) return 'none';
  const allowed = CONSENT_CATEGORIES.filter((category) => consent[category]).length;
  if (allowed === CONSENT_CATEGORIES.length) return 'all';
  return allowed === 0 ? 'necessary' : 'custom';
}
