import type { ReactNode } from 'react';
import type { Language } from '../../domain/language.ts';
import { AssetLinks, type PageAssets } from './Document.tsx';

/**
 * A widget's page inside a publisher's iframe, or the small page a widget's popup lands on: the
 * content alone, no site header, footer or cookie banner (the widgets run no third-party scripts).
 */
export function FrameDocument({
  lang,
  title,
  assets,
  children,
}: {
  lang: Language;
  title: string;
  assets: PageAssets;
  children: ReactNode;
}) {
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <meta name="robots" content="noindex, nofollow" />
        <meta name="referrer" content="strict-origin-when-cross-origin" />
        {/* a link in a publisher's frame opens a tab: the site's pages refuse to be framed, and a frame that
            navigated to one would leave the publisher's page with a broken box */}
        <base target="_blank" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <AssetLinks assets={assets} />
      </head>
      <body>{children}</body>
    </html>
  );
}
