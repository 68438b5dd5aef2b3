import '../styles/site.css';
import { applyStorageRules } from '../tracking/storage-rules.ts';
import { deferThirdPartyScripts } from '../tracking/deferred-scripts.ts';
import { initCookieBanner } from '../tracking/cookie-banner.ts';

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

const scripts = deferThirdPartyScripts();
initCookieBanner(window.localStorage, (consent) => scripts.update(consent));

const islands = [...document.querySelectorAll<HTMLElement>('[data-island]')];
if (islands.length > 0) {
  void import('./hydrate-islands.tsx').then(({ hydrateIslands }) => hydrateIslands(islands));
}
