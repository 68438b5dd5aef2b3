/**
 * The wizard writes its steps as history entries of its own page. When it leaves for the site's home
 * in place of one of them (back from the offers, src/features/application/url-sync.ts), Chromium keeps
 * that entry's document identity for the home page it loads, so forward to the wizard's next entry
 * only changes the address over the home page. A page that writes no entries of its own loads
 * whatever address history brings it to.
 */
export function loadTraversedAddresses(win: Pick<Window, 'location' | 'addEventListener'>): void {
  const shown = win.location.pathname;
  win.addEventListener('popstate', () => {
    if (win.location.pathname !== shown) win.location.reload();
  });
}
