import { renderToString } from 'react-dom/server';
import { withoutStyleAttributes } from './style-attributes.ts';
import { I18nextProvider } from 'react-i18next';
import type { ReactNode } from 'react';
import type { Preselection } from '../../domain/preselection.ts';
import type { Language } from '../../domain/language.ts';
import { ArticlePage, TipsPage } from '../features/site/TipsPage.tsx';
import { FaqPage } from '../features/site/FaqPage.tsx';
import { HomePage } from '../features/site/HomePage.tsx';
import { LegalPage } from '../features/site/LegalPage.tsx';
import { IntermediaryPage } from '../features/site/IntermediaryPage.tsx';
import { AccessibilityPage } from '../features/site/AccessibilityPage.tsx';
import { NotFoundPage } from '../features/site/NotFoundPage.tsx';
import { ProductPage } from '../features/site/ProductPage.tsx';
import { PublishersPage } from '../features/publishers/PublishersPage.tsx';
import { LOADER_URL } from '../features/publishers/snippet.ts';
import {
  AccountPage,
  LinkInvalidPage,
  OtherBrowserPage,
  SmsOptOutPage,
  UnsubscribePage,
} from '../features/account/index.ts';
import { WorkflowShell } from '../features/application/WorkflowShell.tsx';
import { firstStepTree } from '../features/application/FirstStepPrerender.tsx';
import { articleFragment, legalFragment, publishedFragments as rawPublishedFragments } from './content.ts';
import { fillLenderCopy, lenderCopyValues } from '../features/site/lender-copy.ts';
import { allResources } from '../i18n/all-resources.ts';
import { Document, type PageAssets } from './Document.tsx';
import { FrameDocument } from './FrameDocument.tsx';
import { StaffDocument } from './StaffDocument.tsx';
import { Island } from './Island.tsx';
import { newApplicationPath, WORKFLOW_BASES } from '../../domain/wizard-paths.ts';
import { PRODUCT_DEFAULTS, type ProductKey } from '../../domain/loan-options.ts';
import { createI18n } from '../i18n/i18n.ts';
import { pageMetadata } from './page-meta.ts';
import {
  absoluteUrl,
  notFoundEntry,
  PAGES,
  resolvePage,
  switchLanguagePath,
  allPagePaths,
  type ResolvedPage,
} from '../../domain/site-pages.ts';

export type { PageAssets } from './Document.tsx';

const resources = allResources();
const PAGES_BY_ID = Object.fromEntries(PAGES.map((entry) => [entry.id, entry]));
const i18nByLanguage = { lv: createI18n('lv', resources), ru: createI18n('ru', resources) };
/** The number of lenders as each language writes it, filled into meta texts and fragments. */
const lenderValues = { lv: lenderCopyValues(i18nByLanguage.lv), ru: lenderCopyValues(i18nByLanguage.ru) };

/** Fragments published at /assets/files/{name}.html ({lang}-{fragment}), with the number of lenders filled. */
export function publishedFragments(): { name: string; html: string }[] {
  return rawPublishedFragments().map(({ name, html }) => {
    const lang: Language = name.startsWith('ru-') ? 'ru' : 'lv';
    return { name, html: fillLenderCopy(html, lenderValues[lang]) };
  });
}

/**
 * A product's calculator, starting from its figures; it hydrates in the browser. `showExample`
 * false where the page shows its representative example beside the headline rate (one a page).
 */
const calculatorIsland = (product: ProductKey, showExample = true): ReactNode => (
  <Island
    name="calculator"
    props={{ ...PRODUCT_DEFAULTS[product], product, ...(showExample ? {} : { showExample: false }) }}
  />
);

function pageBody(resolved: ResolvedPage): ReactNode {
  const { kind } = resolved.entry;
  const lang = resolved.lang;
  switch (kind.type) {
    case 'home':
      return <HomePage variant={kind.variant} calculator={calculatorIsland('consumer', false)} />;
    case 'product':
      return <ProductPage product={kind.product} calculator={calculatorIsland(kind.product)} />;
    case 'faq':
      return <FaqPage />;
    case 'legal':
      return (
        <LegalPage
          pageId={resolved.entry.id}
          html={fillLenderCopy(legalFragment(lang, kind.fragment), lenderValues[lang])}
          withCookieChoice={kind.fragment === 'cookies'}
        />
      );
    case 'tips':
      return <TipsPage />;
    case 'article':
      return (
        <ArticlePage
          article={kind.article}
          html={fillLenderCopy(articleFragment(lang, kind.article), lenderValues[lang])}
        />
      );
    case 'publishers':
      return <PublishersPage generator={<Island name="snippetGenerator" props={{ loaderUrl: LOADER_URL }} />} />;
    case 'account':
      return <AccountPage island={<Island name="account" props={{}} />} />;
    case 'smsOptOut':
      return <SmsOptOutPage island={<Island name="smsOptOut" props={{}} />} />;
    case 'unsubscribe':
      return (
        <UnsubscribePage
          island={<Island name="unsubscribe" props={{ accountPath: PAGES_BY_ID.account?.paths[lang] ?? '/profils' }} />}
        />
      );
    case 'intermediary':
      return <IntermediaryPage />;
    case 'accessibility':
      return <AccessibilityPage />;
    case 'linkInvalid':
      return <LinkInvalidPage />;
    case 'otherBrowser':
      return <OtherBrowserPage />;
    case 'notFound':
      return <NotFoundPage />;
  }
}

function titleAndDescription(resolved: ResolvedPage): { title: string; description: string } {
  const i18n = i18nByLanguage[resolved.lang];
  // meta and tips texts may name the number of lenders ({{lenders}}, {{lenderCount}})
  const values = lenderValues[resolved.lang];
  const suffix = i18n.t('titleSuffix', { ns: 'meta' });
  const { kind, id } = resolved.entry;
  if (kind.type === 'article') {
    return {
      title: i18n.t(`articles.${kind.article}.title`, { ns: 'tips', ...values }) + suffix,
      description: i18n.t(`articles.${kind.article}.description`, { ns: 'tips', ...values }),
    };
  }
  return {
    title: i18n.t(`pages.${id}.title`, { ns: 'meta', ...values }) + suffix,
    description: i18n.t(`pages.${id}.description`, { ns: 'meta', ...values }),
  };
}

export function renderResolved(resolved: ResolvedPage, assets: PageAssets): string {
  const { title, description } = titleAndDescription(resolved);
  const meta = pageMetadata(resolved, title, description);
  const body = pageBody(resolved);
  const html = renderToString(
    <I18nextProvider i18n={i18nByLanguage[resolved.lang]}>
      <Document
        meta={meta}
        assets={assets}
        switchPath={switchLanguagePath(resolved.path, resolved.lang === 'lv' ? 'ru' : 'lv')}
      >
        {body}
      </Document>
    </I18nextProvider>,
  );
  return `<!doctype html>${withoutStyleAttributes(html)}`;
}

export interface PrerenderedPage {
  readonly path: string;
  readonly html: string;
}

/** Every page of the registry, aliases included. */
export function prerenderAll(assetsFor: (lang: Language, pageId: string) => PageAssets): PrerenderedPage[] {
  return allPagePaths().map((path) => {
    const resolved = resolvePage(path);
    if (!resolved) throw new Error(`registry path ${path} does not resolve`);
    return { path, html: renderResolved(resolved, assetsFor(resolved.lang, resolved.entry.id)) };
  });
}

/** The not-found page served with status 404 for unknown paths, one per language. */
export function renderNotFound(lang: Language, assets: PageAssets): string {
  return renderResolved({ entry: notFoundEntry, lang, path: notFoundEntry.paths[lang] }, assets);
}

/** The applicant workflow's page: its head, and `body` in the site's frame. */
function renderWorkflowPage(lang: Language, assets: PageAssets, body: ReactNode): string {
  const entry = {
    id: 'applicantWorkflow',
    kind: { type: 'notFound' },
    paths: { lv: newApplicationPath('lv'), ru: newApplicationPath('ru') },
    ogType: 'website',
    robots: 'noindex, nofollow',
  } as const;
  const i18n = i18nByLanguage[lang];
  const meta = pageMetadata(
    { entry, lang, path: entry.paths[lang] },
    i18n.t('pages.applicantWorkflow.title', { ns: 'meta', ...lenderValues[lang] }) +
      i18n.t('titleSuffix', { ns: 'meta' }),
    i18n.t('pages.applicantWorkflow.description', { ns: 'meta', ...lenderValues[lang] }),
  );
  const html = renderToString(
    <I18nextProvider i18n={i18n}>
      <Document meta={meta} assets={assets} switchPath={entry.paths[lang === 'lv' ? 'ru' : 'lv']}>
        {body}
      </Document>
    </I18nextProvider>,
  );
  return `<!doctype html>${withoutStyleAttributes(html)}`;
}

/** The applicant workflow's page for every step but the first: the wizard renders into it. */
export function renderWorkflowShell(lang: Language, assets: PageAssets): string {
  return renderWorkflowPage(lang, assets, <WorkflowShell />);
}

/**
 * The workflow's first step, where most people open it: the form itself, usable as HTML before any script, which
 * the wizard's script adopts (src/features/application/takeover). Its tree is rendered on its own, as the browser
 * renders it into #workflow-root, and set into the page's frame.
 */
export async function renderWorkflowFirstStep(
  lang: Language,
  assets: PageAssets,
  key: string,
  preselection: Preselection,
): Promise<string> {
  const form = renderToString(await firstStepTree(lang, undefined, preselection));
  const noscript = i18nByLanguage[lang].t('workflowShell.noscript');
  return renderWorkflowPage(
    lang,
    assets,
    <>
      <noscript>
        <p className="container">{noscript}</p>
      </noscript>
      {/* the key tells the page's script which loan the form was written for (first-step-gate.ts) */}
      <div
        id="workflow-root"
        className="workflow-root"
        data-first-step={key}
        dangerouslySetInnerHTML={{ __html: form }}
      />
    </>,
  );
}

/** The staff's page (/staff): a shell in Latvian that its own script fills. */
export function renderStaffShell(assets: PageAssets): string {
  const i18n = i18nByLanguage.lv;
  return `<!doctype html>${withoutStyleAttributes(renderToString(<StaffDocument lang="lv" t={i18n.t} assets={assets} />))}`;
}

export type WidgetFrameKind = 'calculator' | 'application';

/** A widget's iframe page around `content`, the widget's root. */
function widgetFramePage(kind: WidgetFrameKind, lang: Language, assets: PageAssets, content: ReactNode): string {
  const i18n = i18nByLanguage[lang];
  const html = renderToString(
    <I18nextProvider i18n={i18n}>
      <FrameDocument lang={lang} title={i18n.t(`pageTitle.${kind}`, { ns: 'widget' })} assets={assets}>
        {/* shown by the widget's script in test mode (widgets/frames/frame-theme.ts) */}
        <p id="widget-test-mode" className="widget-test-mode" hidden>
          {i18n.t('testMode.badge', { ns: 'widget' })}
        </p>
        {content}
      </FrameDocument>
    </I18nextProvider>,
  );
  return `<!doctype html>${withoutStyleAttributes(html)}`;
}

/** The calculator widget's iframe page: its script renders into #widget-root. */
export function renderWidgetFrame(kind: 'calculator', lang: Language, assets: PageAssets): string {
  const { t } = i18nByLanguage[lang];
  return widgetFramePage(
    kind,
    lang,
    assets,
    <main id="widget-root" className={`widget widget--${kind}`}>
      <p className="workflow__loading" role="status">
        {t('workflowShell.loading')}
      </p>
      <noscript>
        <p>{t('workflowShell.noscript')}</p>
      </noscript>
    </main>,
  );
}

/**
 * The application widget's iframe page: the workflow's first step as the embedded workflow draws it, usable as HTML
 * before the widget's code comes (widgets/frames/application-frame.tsx adopts it).
 */
export async function renderApplicationFrame(lang: Language, assets: PageAssets): Promise<string> {
  const form = renderToString(await firstStepTree(lang, { embedded: true }));
  return widgetFramePage(
    'application',
    lang,
    assets,
    <>
      <noscript>
        <p className="container">{i18nByLanguage[lang].t('workflowShell.noscript')}</p>
      </noscript>
      <main
        id="widget-root"
        className="widget widget--application"
        data-first-step=""
        dangerouslySetInnerHTML={{ __html: form }}
      />
    </>,
  );
}

/** Where a widget's popup lands after the bank, eParaksts or the lender's signing: it says so and closes itself. */
export function renderIdentifiedPage(
  result: 'confirmed' | 'failed' | 'signed',
  lang: Language,
  assets: PageAssets,
): string {
  const i18n = i18nByLanguage[lang];
  const t = (key: string) => i18n.t(`identified.${key}`, { ns: 'widget' });
  const html = renderToString(
    <FrameDocument lang={lang} title={t(`${result}Title`)} assets={assets}>
      <main className="widget widget--identified container">
        <h1>{t(`${result}Title`)}</h1>
        <p className="lead">{t(result)}</p>
        <button type="button" className="button button--primary" data-close-window="">
          {t('close')}
        </button>
      </main>
    </FrameDocument>,
  );
  return `<!doctype html>${withoutStyleAttributes(html)}`;
}

/**
 * The page a widget's identification tab opens first: it asks the frame that opened it for the return state,
 * binds itself and goes on to the provider; opened any other way it says where to start instead.
 */
export function renderIdentifyPage(lang: Language, assets: PageAssets): string {
  const i18n = i18nByLanguage[lang];
  const t = (key: string) => i18n.t(`identify.${key}`, { ns: 'widget' });
  const close = i18n.t('identified.close', { ns: 'widget' });
  const html = renderToString(
    <FrameDocument lang={lang} title={t('title')} assets={assets}>
      <main className="widget widget--identified container" data-identify="">
        <h1>{t('title')}</h1>
        <p className="lead" data-identify-message="" role="status">
          {t('lead')}
        </p>
        <template data-identify-orphan="">{t('orphan')}</template>
        <template data-identify-failed="">{t('failed')}</template>
        <button type="button" className="button button--secondary" data-close-window="">
          {close}
        </button>
      </main>
    </FrameDocument>,
  );
  return `<!doctype html>${withoutStyleAttributes(html)}`;
}

export function sitemapXml(): string {
  const urls = PAGES.filter((entry) => entry.robots === 'index, follow').flatMap((entry) =>
    (['lv', 'ru'] as const).map((lang) => {
      const alternates = entry.alternateRuDisabled
        ? ''
        : (['lv', 'ru'] as const)
            .map(
              (other) => `<xhtml:link rel="alternate" hreflang="${other}" href="${absoluteUrl(entry.paths[other])}"/>`,
            )
            .join('');
      return `<url><loc>${absoluteUrl(entry.paths[lang])}</loc>${alternates}</url>`;
    }),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}

export function robotsTxt(): string {
  return [
    'User-agent: *',
    'Allow: /',
    // the wizard's steps are one person's application, never a page to index
    ...WORKFLOW_BASES.flatMap((base) => [`Disallow: /${base}/`, `Disallow: /ru/${base}/`]),
    'Disallow: /api/',
    '',
    `Sitemap: ${absoluteUrl('/sitemap.xml')}`,
    '',
  ].join('\n');
}
