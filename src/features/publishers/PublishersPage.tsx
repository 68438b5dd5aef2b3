import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { company } from '../../../domain/company.ts';
import { pagePath } from '../../../domain/site-pages.ts';
import { Breadcrumbs } from '../../ui/Breadcrumbs.tsx';
import { useLanguage } from '../../i18n/use-language.ts';
import { ApiSection } from './ApiSection.tsx';
import { AttributesTable } from './AttributesTable.tsx';
import { EventsSection } from './EventsSection.tsx';
import { CodeBlock, useRich } from './rich.tsx';
import { embedSnippet } from './snippet.ts';

/**
 * The page for publishers (/partneriem, /ru/partneram): what the widgets do, how to place them,
 * attribution, personal data, the apply-only mode, events and the JavaScript API, and the snippet
 * generator, the page's one island.
 */
/** `generator`: the snippet generator island, placed by the page's route. */
export function PublishersPage({ generator }: { generator: ReactNode }) {
  const { t } = useTranslation('publishers');
  const lang = useLanguage();
  const rich = useRich();
  const publisherId = t('examplePublisherId');
  const embedExample = embedSnippet('calculator', {
    lang,
    amount: '5000',
    term: '36',
    purpose: 'buyingCar',
    publisherId,
  });

  return (
    <div className="page publishers-page">
      <div className="container container--narrow">
        <Breadcrumbs homeHref={pagePath('home', lang)} trail={[{ label: t('breadcrumb') }]} />
        <h1>{t('h1')}</h1>
        <p className="lead">{t('lead')}</p>
        <p>{rich('contact', { email: company.email })}</p>

        <section aria-labelledby="publishers-widgets">
          <h2 id="publishers-widgets">{t('widgets.heading')}</h2>
          <h3>{t('widgets.calculatorHeading')}</h3>
          <p>{t('widgets.calculator')}</p>
          <h3>{t('widgets.applicationHeading')}</h3>
          <p>{t('widgets.application')}</p>
          <p>{rich('widgets.common')}</p>
        </section>
      </div>

      <section className="container publishers-page__generator" aria-labelledby="publishers-generator">
        <h2 id="publishers-generator">{t('generatorSection.heading')}</h2>
        <p>{t('generatorSection.text')}</p>
        {generator}
      </section>

      <div className="container container--narrow prose">
        <section aria-labelledby="publishers-embed">
          <h2 id="publishers-embed">{t('embed.heading')}</h2>
          <p>{rich('embed.text')}</p>
          <p>{t('embed.example')}</p>
          <CodeBlock>{embedExample}</CodeBlock>
          <p>{rich('embed.attributesIntro')}</p>
          <AttributesTable />
          <p>{t('embed.invalid')}</p>
        </section>

        <section aria-labelledby="publishers-attribution">
          <h2 id="publishers-attribution">{t('attribution.heading')}</h2>
          <p>{rich('attribution.text')}</p>
          <p>{rich('attribution.hostPage')}</p>
        </section>

        <section aria-labelledby="publishers-privacy">
          <h2 id="publishers-privacy">{t('privacy.heading')}</h2>
          <p>{rich('privacy.text', { origin: company.siteOrigin })}</p>
          <p>{t('privacy.events')}</p>
        </section>

        <section aria-labelledby="publishers-apply-only">
          <h2 id="publishers-apply-only">{t('applyOnly.heading')}</h2>
          <p>{rich('applyOnly.text')}</p>
        </section>

        <section aria-labelledby="publishers-test-mode">
          <h2 id="publishers-test-mode">{t('testMode.heading')}</h2>
          <p>{rich('testMode.text')}</p>
        </section>

        <EventsSection />

        <ApiSection />
      </div>
    </div>
  );
}
