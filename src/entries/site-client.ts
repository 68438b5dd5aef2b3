import '../styles/site.css';
import { takeEarlyInput } from '../../domain/late-modules.ts';
import { applyStorageRules } from '../tracking/storage-rules.ts';
import { deferThirdPartyScripts } from '../tracking/deferred-scripts.ts';
import { initCookieBanner } from '../tracking/cookie-banner.ts';
import { readConsentCookie } from '../tracking/consent.ts';
import { loadTraversedAddresses } from './load-traversed-address.ts';
import { loadWebFonts } from './load-web-fonts.ts';

/**
 * The one script every prerendered page loads. Pages are complete HTML; this applies the storage
 * rules, runs the cookie banner, and hydrates the page's interactive islands, if it has any, once the
 * visitor reaches for them.
 */
applyStorageRules({
  url: new URL(window.location.href),
  referrer: document.referrer,
  local: window.localStorage,
  session: window.sessionStorage,
});

// the wizard's page keeps its own history entries (url-sync.ts); every other page loads what it is sent to
if (!document.getElementById('workflow-root')) loadTraversedAddresses(window);

loadWebFonts(window);

// what the person did before this script came (it comes after the first paint): an interaction counts for the tools,
// and a press on the banner is made again now that the banner listens
const early = takeEarlyInput(window);
// read before the banner writes the cookie again: what this page's request carried is what its policy allows
const scripts = deferThirdPartyScripts(document, readConsentCookie(document), early.interacted);
initCookieBanner(window.localStorage, (consent) => scripts.update(consent));
for (const action of early.cookieActions) if (action instanceof HTMLElement) action.click();

const islands = [...document.querySelectorAll<HTMLElement>('[data-island]:not([data-own-script])')];
if (islands.length > 0) {
  // The calculator works as plain HTML at first paint (native range inputs that move before any
  // script, whose position the hydrated calculator adopts: StepSlider.tsx). Its script, React
  // and i18next with it (about 90 kB of gzip), comes when the visitor reaches for it: a pointer
  // over it, a finger on it, the keyboard's focus in it. Loaded on idle instead, its parse and
  // hydration would be the home page's long tasks on a phone (Lighthouse TBT 90-130 ms) and nearly
  // all of its JavaScript (the budget: at most 90 kB before any interaction).
  let started = false;
  const hydrate = () => {
    if (started) return;
    started = true;
    void import('./hydrate-islands.tsx').then(({ hydrateIslands }) => hydrateIslands(islands));
  };
  for (const island of islands) {
    for (const type of ['pointerenter', 'pointerdown', 'focusin', 'touchstart'] as const) {
      island.addEventListener(type, hydrate, { once: true, passive: true });
    }
  }
  // this script comes after the first paint (domain/late-modules.ts): a visitor may already be in an island
  if (islands.some((island) => island.contains(document.activeElement) || island.matches(':hover'))) hydrate();
}
