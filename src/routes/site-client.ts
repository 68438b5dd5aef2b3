import '../styles/site.css';
import { applyStorageRules } from '../tracking/storage-rules.ts';
import { deferThirdPartyScripts } from '../tracking/deferred-scripts.ts';
import { initCookieBanner } from '../tracking/cookie-banner.ts';
import { loadTraversedAddresses } from './load-traversed-address.ts';

/**
 * The one script every prerendered page loads. Pages are complete HTML; this applies the storage
 * rules, runs the cookie banner, and hydrates the page's interactive islands, if it has any.
 */
applyStorageRules({
  url: new URL(window.location.href),
  referrer: document.referrer,
  local: window.localStorage,
  session: window.sessionStorage,
});

// the wizard's page keeps its own history entries (url-sync.ts); every other page loads what it is sent to
if (!document.getElementById('workflow-root')) loadTraversedAddresses(window);

const scripts = deferThirdPartyScripts();
initCookieBanner(window.localStorage, (consent) => scripts.update(consent));

const islands = [...document.querySelectorAll<HTMLElement>('[data-island]:not([data-own-script])')];
if (islands.length > 0) {
  // The calculator works as plain HTML at first paint (native range inputs); its script comes
  // once the page has loaded and the browser is idle, or at once when the visitor reaches for it,
  // so it never competes with the first paint.
  let started = false;
  const hydrate = () => {
    if (started) return;
    started = true;
    void import('./hydrate-islands.tsx').then(({ hydrateIslands }) => hydrateIslands(islands));
  };
  for (const island of islands) {
    for (const type of ['pointerenter', 'focusin', 'touchstart'] as const) {
      island.addEventListener(type, hydrate, { once: true, passive: true });
    }
  }
  const whenIdle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(hydrate, { timeout: 2000 }) : setTimeout(hydrate, 200);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
