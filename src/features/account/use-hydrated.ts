import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False in the prerendered HTML and while hydrating, true once React runs the page: controls stay
 * disabled until a press can do something, and tests know when typing will be kept.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
