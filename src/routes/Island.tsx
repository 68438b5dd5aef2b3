import type { ComponentProps, ReactNode } from 'react';
import { Calculator } from '../features/calculator/Calculator.tsx';

/** Components that hydrate in the browser; everything else on a page is static HTML. */
export const islandComponents = { calculator: Calculator } as const;
export type IslandName = keyof typeof islandComponents;

/**
 * Renders an island on the server with its props beside it, so the browser can hydrate exactly
 * this component with exactly these props (src/routes/hydrate-islands.tsx).
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
    <div data-island={name} data-props={JSON.stringify(props)} className="island">
      <Component {...(props as Record<string, unknown>)} />
    </div>
  );
}
