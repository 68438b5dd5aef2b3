import type { ReactNode } from 'react';
import type { Language } from '../../domain/language.ts';
import { AssetLinks, type PageAssets } from './Document.tsx';

/** The element after a frame's content, which its first frame waits for. */
const FRAME_END_ID = 'frame-end';

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
        {/*
          The first frame waits until the parser is past the content, as the site's pages wait for their footer
          (Document.tsx): a widget's frame painted its form's first part, sometimes before its styles, and laid it out
          again as the rest came, layout shifts that a publisher's page counts as its own.
        */}
        <link rel="expect" href={`#${FRAME_END_ID}`} blocking="render" />
      </head>
      <body>
        {children}
        <div id={FRAME_END_ID} hidden />
      </body>
    </html>
  );
}
