import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LATE_MODULES_SCRIPT } from '../../domain/late-modules.ts';
import type { PageMetadata } from './page-meta.ts';
import { Header } from '../features/site/Header.tsx';
import { Footer, SITE_FOOTER_ID } from '../features/site/Footer.tsx';
import { CookieBanner } from '../features/site/CookieBanner.tsx';

/** Built files a page links, from Vite's manifest. */
export interface PageAssets {
  readonly script: string;
  /** modules the script imports, fetched at once instead of after it */
  readonly modulePreloads?: readonly string[];
  /** a page's own script beside the site's (the publishers page's snippet generator) */
  readonly pageScript?: string;
  readonly styles: readonly string[];
  readonly fontPreloads: readonly string[];
}

/**
 * A page's fonts, styles and scripts, in the order the browser should ask for them. `late`: the scripts are asked for
 * once the page's largest text has painted (domain/late-modules.ts), by the one inline script the site's policy
 * allows; a widget's frame and the staff's pages, under policies of their own, name them in the head.
 */
export function AssetLinks({ assets, late = false }: { assets: PageAssets; late?: boolean }) {
  const modules = [assets.script, ...(assets.pageScript ? [assets.pageScript] : [])];
  return (
    <>
      {assets.fontPreloads.map((href) => (
        <link key={href} rel="preload" href={href} as="font" type="font/woff2" crossOrigin="anonymous" />
      ))}
      {assets.styles.map((href) => (
        <link key={href} rel="stylesheet" href={href} />
      ))}
      {late ? (
        <script
          data-modules={modules.join(' ')}
          data-preloads={(assets.modulePreloads ?? []).join(' ')}
          dangerouslySetInnerHTML={{ __html: LATE_MODULES_SCRIPT }}
        />
      ) : (
        <>
          {modules.map((src) => (
            <script key={src} type="module" src={src} />
          ))}
          {assets.modulePreloads?.map((href) => (
            <link key={href} rel="modulepreload" href={href} />
          ))}
        </>
      )}
    </>
  );
}

export function Document({
  meta,
  assets,
  switchPath,
  children,
}: {
  meta: PageMetadata;
  assets: PageAssets;
  switchPath: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <html lang={meta.lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{meta.title}</title>
        <meta name="description" content={meta.description} />
        <meta name="robots" content={meta.robots} />
        <link rel="canonical" href={meta.canonical} />
        {meta.alternate.map((link) => (
          <link key={link.hreflang} rel="alternate" hrefLang={link.hreflang} href={link.href} />
        ))}
        <meta property="og:type" content={meta.ogType} />
        <meta property="og:title" content={meta.title} />
        <meta property="og:description" content={meta.description} />
        <meta property="og:url" content={meta.canonical} />
        <meta property="og:locale" content={meta.ogLocale} />
        <meta property="og:site_name" content={t('brand')} />
        <meta name="twitter:card" content="summary" />
        <meta name="theme-color" content="#0b4f6c" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/*
          The first frame waits until the parser reaches the footer, the main content whole before it. Without this,
          Chromium paints the page's top as soon as it can and lays the page out again after each piece the parser
          adds: on a slow phone, three or four long tasks after the first paint (90-110 ms each at 4x CPU on the
          wizard's first step), where the page parsed first is laid out once. (Chromium lets the frame go when the
          element is inserted, not when it is closed: hence the footer, not main.) Other browsers paint as before.
        */}
        <link rel="expect" href={`#${SITE_FOOTER_ID}`} blocking="render" />
        <AssetLinks assets={assets} late />
      </head>
      <body>
        <CookieBanner />
        <Header switchPath={switchPath} />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <Footer />
      </body>
    </html>
  );
}
