import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { company } from '../../../domain/company.ts';
import {
  DEFAULT_AMOUNT,
  DEFAULT_TERM,
  MAX_AMOUNT,
  MAX_TERM_MONTHS,
  MIN_AMOUNT,
  MIN_TERM_MONTHS,
} from '../../../domain/loan-options.ts';
import { LOAN_PURPOSES } from '../../../domain/loan-purposes.ts';
import { pagePath } from '../../../domain/site-pages.ts';
import { formatNumber } from '../../ui/format.ts';
import { domEventName, WIDGET_EVENT_TYPES, type WidgetEventType } from '../../../domain/widget-protocol/messages.ts';
import { TRACKING_OPTION_NAMES, type WidgetOptionName } from '../../../domain/widget-protocol/options.ts';
import { Breadcrumbs } from '../../ui/Breadcrumbs.tsx';
import { useLanguage } from '../../i18n/use-language.ts';
import { attributeName, embedSnippet } from './snippet.ts';
import { WIDGET_ORIGIN_ATTRIBUTE } from '../../../domain/widget-protocol/loader-url.ts';

/** The data each event carries besides the widget's kind and id (domain/widget-protocol/messages.ts). */
const EVENT_FIELDS: Record<WidgetEventType, string> = {
  ready: 'noFields',
  resize: 'heightField',
  calculationChanged: 'calculationFields',
  started: 'noFields',
  submitted: 'noFields',
  applicationSubmitted: 'noFields',
  offersReady: 'countField',
  offerChosen: 'offerFields',
};

interface AttributeRow {
  readonly names: readonly string[];
  readonly meaning: ReactNode;
  readonly values: ReactNode;
}

const UTM_OPTION_NAMES = TRACKING_OPTION_NAMES.filter((name) => name !== 'clickId');

function CodeBlock({ children }: { children: string }) {
  return (
    <pre className="code-block">
      <code>{children}</code>
    </pre>
  );
}

const Codes = ({ names }: { names: readonly string[] }) =>
  names.map((name, index) => (
    <span key={name}>
      {index > 0 ? ', ' : null}
      <code>{name}</code>
    </span>
  ));

/**
 * The page for publishers (/partneriem, /ru/partneram): what the widgets do, how to place them,
 * attribution, personal data, the apply-only mode, events and the JavaScript API, and the snippet
 * generator, the page's one island.
 */
/** `generator`: the snippet generator island, placed by the page's route. */
export function PublishersPage({ generator }: { generator: ReactNode }) {
  const { t } = useTranslation('publishers');
  const lang = useLanguage();
  const rich = (key: string, values?: Record<string, string>): ReactNode => (
    <Trans
      t={t}
      i18nKey={key}
      values={values}
      components={{
        code: <code />,
        mail: <a href={`mailto:${company.email}`} />,
        origin: <span {...{ [WIDGET_ORIGIN_ATTRIBUTE]: '' }} />,
      }}
    />
  );
  const number = (value: number) => formatNumber(lang, value);
  const publisherId = t('examplePublisherId');
  const selector = t('api.exampleSelector');
  const params = {
    options: t('api.params.options'),
    element: t('api.params.element'),
    event: t('api.params.event'),
    callback: t('api.params.callback'),
  };

  const plainRow = (name: WidgetOptionName): AttributeRow => ({
    names: [attributeName(name)],
    meaning: rich(`attributes.${name}.meaning`),
    values: rich(`attributes.${name}.values`),
  });
  const attributeRows: AttributeRow[] = [
    {
      names: ['data-loan-widget'],
      meaning: rich('attributes.loanWidget.meaning'),
      values: rich('attributes.loanWidget.values'),
    },
    plainRow('lang'),
    {
      names: [attributeName('amount')],
      meaning: rich('attributes.amount.meaning'),
      values: rich('attributes.amount.values', {
        min: number(MIN_AMOUNT),
        max: number(MAX_AMOUNT),
        default: number(DEFAULT_AMOUNT),
      }),
    },
    {
      names: [attributeName('term')],
      meaning: rich('attributes.term.meaning'),
      values: rich('attributes.term.values', {
        min: number(MIN_TERM_MONTHS),
        max: number(MAX_TERM_MONTHS),
        default: number(DEFAULT_TERM),
      }),
    },
    {
      names: [attributeName('purpose')],
      meaning: rich('attributes.purpose.meaning'),
      values: (
        <ul className="publishers-page__values">
          {LOAN_PURPOSES.map((purpose) => (
            <li key={purpose}>
              <code>{purpose}</code> — {t(`purpose.${purpose}`, { ns: 'form' })}
            </li>
          ))}
        </ul>
      ),
    },
    plainRow('publisherId'),
    {
      names: UTM_OPTION_NAMES.map(attributeName),
      meaning: rich('attributes.utm.meaning'),
      values: rich('attributes.utm.values'),
    },
    plainRow('clickId'),
    plainRow('cta'),
    plainRow('mode'),
    plainRow('theme'),
    plainRow('textColor'),
    plainRow('accentColor'),
    plainRow('font'),
    plainRow('testMode'),
  ];

  const embedExample = embedSnippet('calculator', {
    lang,
    amount: '5000',
    term: '36',
    purpose: 'buyingCar',
    publisherId,
  });

  const eventExample = [
    `document.addEventListener('${domEventName('submitted')}', function (event) {`,
    `  // ${t('events.exampleComment')}`,
    '  window.dataLayer = window.dataLayer || [];',
    `  window.dataLayer.push({ event: '${t('events.exampleEventName')}', widget: event.detail.widget });`,
    '});',
  ].join('\n');

  const apiExample = [
    `// ${t('api.commentInit')}`,
    `LoanWidget('init', { lang: '${lang}', publisherId: '${publisherId}' });`,
    '',
    `// ${t('api.commentMount')}`,
    `LoanWidget('mount', '${selector}', { widget: 'calculator', amount: 7000, term: 48 });`,
    '',
    `LoanWidget('on', 'calculationChanged', function (detail) {`,
    '  console.log(detail.amount, detail.term);',
    '});',
    '',
    `// ${t('api.commentUnmount')}`,
    `LoanWidget('unmount', '${selector}');`,
  ].join('\n');

  const reactExample = [
    `function ${t('api.exampleComponent')}() {`,
    '  const ref = useRef(null);',
    '  useEffect(() => {',
    '    const element = ref.current;',
    `    window.LoanWidget('mount', element, { widget: 'application', lang: '${lang}' });`,
    `    return () => window.LoanWidget('unmount', element);`,
    '  }, []);',
    '  return <div ref={ref} />;',
    '}',
  ].join('\n');

  const commands: [string, string][] = [
    [`LoanWidget('init', ${params.options})`, 'api.init'],
    [`LoanWidget('mount', ${params.element}, { widget, ...${params.options} })`, 'api.mount'],
    [`LoanWidget('unmount', ${params.element})`, 'api.unmount'],
    [`LoanWidget('update', ${params.element}, { amount, term })`, 'api.update'],
    [`LoanWidget('on', ${params.event}, ${params.callback})`, 'api.on'],
  ];

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
          <table>
            <caption className="visually-hidden">{t('attributes.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('attributes.name')}</th>
                <th scope="col">{t('attributes.meaning')}</th>
                <th scope="col">{t('attributes.values')}</th>
              </tr>
            </thead>
            <tbody>
              {attributeRows.map((row) => (
                <tr key={row.names.join()}>
                  <th scope="row">
                    <Codes names={row.names} />
                  </th>
                  <td>{row.meaning}</td>
                  <td>{row.values}</td>
                </tr>
              ))}
            </tbody>
          </table>
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

        <section aria-labelledby="publishers-events">
          <h2 id="publishers-events">{t('events.heading')}</h2>
          <p>{rich('events.text')}</p>
          <table>
            <caption className="visually-hidden">{t('events.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('events.name')}</th>
                <th scope="col">{t('events.meaning')}</th>
                <th scope="col">{t('events.fields')}</th>
              </tr>
            </thead>
            <tbody>
              {WIDGET_EVENT_TYPES.map((type) => (
                <tr key={type}>
                  <th scope="row">
                    <code>{type}</code>
                    <br />
                    <code>{domEventName(type)}</code>
                  </th>
                  <td>{rich(`events.${type}`)}</td>
                  <td>{rich(`events.${EVENT_FIELDS[type]}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p>{rich('events.testModeField')}</p>
          <p>{t('events.exampleIntro')}</p>
          <CodeBlock>{eventExample}</CodeBlock>
        </section>

        <section aria-labelledby="publishers-api">
          <h2 id="publishers-api">{t('api.heading')}</h2>
          <p>{rich('api.text')}</p>
          <ul>
            {commands.map(([signature, key]) => (
              <li key={key}>
                <code>{signature}</code> — {rich(key)}
              </li>
            ))}
          </ul>
          <p>{rich('api.optionNames')}</p>
          <CodeBlock>{apiExample}</CodeBlock>
          <p>{t('api.reactIntro')}</p>
          <CodeBlock>{reactExample}</CodeBlock>
          <p>{rich('api.contentSecurityPolicy')}</p>
        </section>
      </div>
    </div>
  );
}
