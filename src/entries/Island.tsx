import type { ComponentProps, ReactNode } from 'react';
import { Calculator } from '../features/calculator/Calculator.tsx';
import { SnippetGenerator } from '../features/publishers/SnippetGenerator.tsx';
import { AccountApp, SmsOptOut, Unsubscribe } from '../features/account/index.ts';

/**
 * Components that hydrate in the browser; everything else on a page is static HTML. The browser
 * loads them through src/entries/hydrate-islands.tsx, which imports only this module's types.
 */
export const islandComponents = {
  calculator: Calculator,
  snippetGenerator: SnippetGenerator,
  account: AccountApp,
  smsOptOut: SmsOptOut,
  unsubscribe: Unsubscribe,
} as const;
export type IslandName = keyof typeof islandComponents;

/**
 * Islands with a script of their own (built with the widgets, vite.config.ts), which the site's
 * script leaves alone: the generator shares react-aria and zod with the application workflow, and
 * in the site's build that sharing would cut the workflow's first step into more, heavier chunks.
 */
export const OWN_SCRIPT_ISLANDS: ReadonlySet<IslandName> = new Set([
  'snippetGenerator',
  // the account's pages (src/entries/account-client.ts): only those pages load their code
  'account',
  'smsOptOut',
  'unsubscribe',
]);

/**
 * Renders an island on the server with its props beside it, so the browser can hydrate exactly
 * this component with exactly these props (src/entries/hydrate-islands.tsx).
 */
export function Island<N extends IslandName>({
  name,
  props,
}: {
  name: N;
  props: ComponentProps<(typeof islandComponents)[N]>;
}) {
  const Component = islandComponents[name] as unknown as (p: Record<string, unknown>) => ReactNode;
  return (
    <div
      data-island={name}
      data-props={JSON.stringify(props)}
      data-own-script={OWN_SCRIPT_ISLANDS.has(name) ? '' : undefined}
      className="island"
    >
      <Component {...(props as Record<string, unknown>)} />
    </div>
  );
}
