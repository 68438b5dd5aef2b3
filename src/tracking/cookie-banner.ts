import {
  acceptAll,
  CONSENT_CATEGORIES,
  readConsent,
  rejectAll,
  summarize,
  writeConsent,
  writeConsentCookie,
  type Consent,
} from './consent.ts';

/** Wires the prerendered cookie banner and the cookie-policy choice block; the words come from the HTML. */
export function initCookieBanner(storage: Storage, onChange: (consent: Consent | null) => void): void {
  const banner = document.querySelector<HTMLElement>('[data-cookie-banner]');
  const form = banner?.querySelector<HTMLFormElement>('[data-cookie-form]');
  const customize = banner?.querySelector<HTMLButtonElement>('[data-cookie-action="customize"]');
  const choice = document.querySelector<HTMLElement>('[data-cookie-choice]');
  if (!banner || !form) return;

  const showCurrent = (consent: Consent | null) => {
    const current = choice?.querySelector<HTMLElement>('[data-cookie-current]');
    if (!choice || !current) return;
    const label = choice.dataset[`label${capitalize(summarize(consent))}`] ?? '';
    current.textContent = (choice.dataset.template ?? '{choice}').replace('{choice}', label);
  };

  // The page reserves the banner's height so that nothing focused hides under it (WCAG 2.2, 2.4.11): the browser
  // scrolls a focused control to above the banner (with a margin for a custom checkbox's label, which reaches up to
  // two lines below its hidden input), and the page's last controls can scroll above it. Set on the two elements
  // that use it rather than as a custom property on the root, which every element inherits: that restyled the
  // whole page when the banner first showed (about 100 ms of a phone's CPU on the wizard's first step).
  new ResizeObserver(() => {
    const height = `${banner.offsetHeight}px`;
    document.documentElement.style.scrollPaddingBottom = `calc(${height} + var(--space-7))`;
    document.body.style.paddingBottom = height;
  }).observe(banner);

  // Where focus was before it came into the banner (by Tab, or from the policy page's button); none when
  // the person started in the banner, which is first in the page
  let cameFrom: HTMLElement | null = null;
  banner.addEventListener('focusin', ({ relatedTarget }) => {
    if (!banner.contains(relatedTarget as Node | null)) cameFrom = relatedTarget as HTMLElement | null;
  });

  const decide = (consent: Consent) => {
    writeConsent(storage, consent);
    writeConsentCookie(document, consent);
    // a hidden banner's focus would fall to the body, and the next Tab to the page's start
    if (banner.contains(document.activeElement)) {
      (cameFrom?.isConnected ? cameFrom : document.getElementById('main'))?.focus();
    }
    banner.hidden = true;
    showCurrent(consent);
    onChange(consent);
  };

  const open = () => {
    const consent = readConsent(storage);
    for (const category of CONSENT_CATEGORIES) {
      const box = form.elements.namedItem(category);
      if (box instanceof HTMLInputElement) box.checked = consent?.[category] ?? false;
    }
    banner.hidden = false;
    banner.querySelector<HTMLButtonElement>('button')?.focus();
  };

  banner.addEventListener('click', (event) => {
    const action = (event.target as HTMLElement).closest<HTMLElement>('[data-cookie-action]')?.dataset.cookieAction;
    if (action === 'accept') decide(acceptAll);
    if (action === 'reject') decide(rejectAll);
    if (action === 'customize' && customize) {
      form.hidden = !form.hidden;
      customize.setAttribute('aria-expanded', String(!form.hidden));
      if (!form.hidden) form.querySelector<HTMLInputElement>('input:not([disabled])')?.focus();
    }
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const checked = (name: string) => (form.elements.namedItem(name) as HTMLInputElement | null)?.checked === true;
    decide({ analytics: checked('analytics'), testing: checked('testing'), ads: checked('ads') });
  });
  choice?.querySelector('[data-cookie-action="change"]')?.addEventListener('click', open);

  const stored = readConsent(storage);
  // a choice made before the cookie existed, or whose cookie ran out, reaches the server from the next page on
  if (stored) writeConsentCookie(document, stored);
  showCurrent(stored);
  banner.hidden = stored !== null;
  onChange(stored);
}

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
