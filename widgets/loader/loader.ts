import { GLOBAL_NAME } from '../../domain/widget-protocol/constants.ts';

/** The host script's hashed file name, written in at build time (widgets/build-host-scripts.ts). */
declare const __HOST_SCRIPT__: string;

type Queued = IArguments | unknown[];
interface LoanWidgetGlobal {
  (...args: unknown[]): void;
  q?: Queued[];
  loaded?: boolean;
}

/**
 * /widget/v1/loader.js: the one script a publisher includes (the snippet adds it once the page has
 * loaded). It keeps the calls made before the widgets are ready (the snippet's queue stub, or its
 * own), then loads the host script, which is cached for good under its hashed name while this file
 * is cached briefly. Included twice, the second copy does nothing.
 */
(() => {
  const script = document.currentScript as HTMLScriptElement | null;
  const host = window as unknown as Record<string, LoanWidgetGlobal | undefined>;
  const existing = host[GLOBAL_NAME];
  if (!script || existing?.loaded) return;
  const api: LoanWidgetGlobal =
    existing ??
    function queue(...args: unknown[]) {
      (api.q ??= []).push(args);
    };
  api.loaded = true;
  host[GLOBAL_NAME] = api;
  const src = new URL(__HOST_SCRIPT__, script.src).href;
  const start = () => {
    const runtime = document.createElement('script');
    runtime.async = true;
    runtime.src = src;
    document.head.append(runtime);
  };
  // a loader included by an older snippet's async tag runs while the page still loads: the host script and the
  // iframes wait until the page has loaded and painted, so its largest paint never waits for them
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', () => requestAnimationFrame(() => setTimeout(start)), { once: true });
})();
