import type { TFunction } from 'i18next';
import type { Language } from '../../domain/language.ts';
import { AssetLinks, type PageAssets } from './Document.tsx';

/**
 * The staff's page: no site header, footer, cookie banner or third-party script, never indexed, its content
 * rendered by its own script (src/entries/staff-client.ts) into #staff-root.
 */
export function StaffDocument({ lang, t, assets }: { lang: Language; t: TFunction; assets: PageAssets }) {
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{t('pageTitle', { ns: 'staff' })}</title>
        <meta name="robots" content="noindex, nofollow" />
        <meta name="referrer" content="same-origin" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <AssetLinks assets={assets} />
      </head>
      <body>
        <main className="staff-page">
          <h1>{t('heading', { ns: 'staff' })}</h1>
          <div id="staff-root">
            <p role="status">{t('loading', { ns: 'staff' })}</p>
          </div>
          <noscript>
            <p>{t('noScript', { ns: 'staff' })}</p>
          </noscript>
        </main>
      </body>
    </html>
  );
}
