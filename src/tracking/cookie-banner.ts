import {
  acceptAll,
  CONSENT_CATEGORIES,
  readConsent,
  rejectAll,
  summarize,
  writeConsent,
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

  // Where focus was before it came into the banner (by Tab, or from the policy page's button); none when
  // the person started in the banner, which is first in the page
  let cameFrom: HTMLElement | null = null;
  banner.addEventListener('focusin', (event) => {
    const from = event.relatedTarget;
    if (!(from instanceof Node && banner.contains(from))) cameFrom = from instanceof HTMLElement ? from : null;
  });

  // The page reserves the banner's height (cookie-banner.css) so that nothing focused hides under it
  new ResizeObserver(() =>
    document.documentElement.style.setProperty('--cookie-banner-height', `${banner.offsetHeight}px`),
  ).observe(banner);

  // The browser scrolls a focused control into view (above the banner), but a control may reach further
  // down than what holds the focus (a custom checkbox's label around its hidden input): lift the rest too,
  // if it fits; a tall region (the main content, from the skip link) stays at its start
  document.addEventListener('focusin', (event) => {
    const target = event.target;
    if (!(target instanceof Element) || banner.contains(target)) return;
    const box = (target.closest('label') ?? target).getBoundingClientRect();
    const floor = banner.hidden ? window.innerHeight : banner.getBoundingClientRect().top;
    const under = box.bottom - floor;
    if (under > 0 && box.height < floor) window.scrollBy({ top: Math.min(under + 8, box.top), behavior: 'instant' });
  });

  const decide = (consent: Consent) => {
    writeConsent(storage, consent);
    const hadFocus = banner.contains(document.activeElement);
    banner.hidden = true;
    // a hidden banner's focus would fall to the body, and the next Tab to the page's start
    if (hadFocus) {
      if (cameFrom?.isConnected) cameFrom.focus();
      else document.getElementById('main')?.focus({ preventScroll: true });
    }
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
  showCurrent(stored);
  banner.hidden = stored !== null;
  onChange(stored);
}

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
