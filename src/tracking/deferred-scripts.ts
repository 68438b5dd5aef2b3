import type { Consent, ConsentCategory } from './consent.ts';

/**
 * Third-party tools: analytics, A/B testing and search-ads conversion tracking. None loads
 * before the visitor's first interaction, and each only with consent for its category.
 *
 * The page's Content Security Policy names a category's hosts only when the page was asked for with the
 * consent cookie allowing it (server/http/security-headers.ts), and a document's policy cannot widen once it is
 * loaded. So a page loads the tools its own policy allows (`allowedByPage`, the cookie the page was asked with)
 * and the visitor still allows: a consent given on this page takes effect from the next page, a withdrawal at once.
 */
export const THIRD_PARTY_SCRIPTS: Readonly<Record<ConsentCategory, string>> = {
  analytics: 'https://www.googletagmanager.com/gtag/js?id=G-KK2026LV',
  testing: 'https://dev.visualwebsiteoptimizer.com/j.php?a=902611',
  ads: 'https://www.googleadservices.com/pagead/conversion_async.js',
};

const INTERACTION_EVENTS = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const;

export interface DeferredScripts {
  /** call whenever consent changes; scripts allowed and not yet loaded are loaded after interaction */
  update(consent: Consent | null): void;
}

export function deferThirdPartyScripts(
  doc: Document = document,
  allowedByPage: Consent | null = null,
  /** the person interacted before this ran (the page's modules come after its first paint) */
  interactedBefore = false,
): DeferredScripts {
  let interacted = interactedBefore;
  let consent: Consent | null = null;
  const loaded = new Set<ConsentCategory>();

  const load = () => {
    if (!interacted || !consent) return;
    for (const [category, src] of Object.entries(THIRD_PARTY_SCRIPTS) as [ConsentCategory, string][]) {
      if (!consent[category] || !allowedByPage?.[category] || loaded.has(category)) continue;
      loaded.add(category);
      const script = doc.createElement('script');
      script.async = true;
      script.src = src;
      script.dataset.thirdParty = category;
      doc.head.append(script);
    }
  };

  const onFirstInteraction = () => {
    interacted = true;
    for (const type of INTERACTION_EVENTS) doc.removeEventListener(type, onFirstInteraction, true);
    load();
  };
  if (!interacted) {
    for (const type of INTERACTION_EVENTS)
      doc.addEventListener(type, onFirstInteraction, { capture: true, passive: true });
  }

  return {
    update(next) {
      consent = next;
      load();
    },
  };
}
