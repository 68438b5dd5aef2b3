import { describe, expect, it } from 'vitest';
import { loadTraversedAddresses } from './load-traversed-address.ts';

function fakeWindow(pathname: string) {
  const listeners: (() => void)[] = [];
  let reloads = 0;
  const location = { pathname, reload: () => (reloads += 1) };
  return {
    win: {
      location: location as unknown as Location,
      addEventListener: ((type: string, listener: () => void) => {
        if (type === 'popstate') listeners.push(listener);
      }) as Window['addEventListener'],
    },
    traverseTo(path: string) {
      location.pathname = path;
      for (const listener of listeners) listener();
    },
    reloads: () => reloads,
  };
}

describe('a site page that history moves to another address', () => {
  it('loads the address it was moved to', () => {
    const page = fakeWindow('/');
    loadTraversedAddresses(page.win);
    page.traverseTo('/applicantWorkflow/offers');
    expect(page.reloads()).toBe(1);
  });

  it('stays put when only the fragment or the query changed', () => {
    const page = fakeWindow('/buj');
    loadTraversedAddresses(page.win);
    page.traverseTo('/buj');
    expect(page.reloads()).toBe(0);
  });
});
