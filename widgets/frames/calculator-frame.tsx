import './frame-fonts.scss';
import '../../src/styles/site.css';
import './frame.css';
import { StrictMode, useCallback, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { Calculator, type Calculation } from '../../src/features/calculator/index.ts';
import { productOfPurpose } from '../../domain/loan-options.ts';
import { applicationHref } from '../../domain/application-href.ts';
import { createI18n } from '../../src/i18n/i18n.ts';
import { applicationFrameHref, frameSettings, trackingOf, type FrameSettings } from './frame-options.ts';
import { connectToHost, reportHeight, type HostBridge } from './host-bridge.ts';
import { applyTheme, markTestMode } from './frame-theme.ts';
import { loadCalculatorWords } from './calculator-words.ts';

function CalculatorWidget({ settings, bridge }: { settings: FrameSettings; bridge: HostBridge | null }) {
  const { config } = settings;
  const showFigures = config.mode === 'full';
  // the host's `update` sets new figures: the calculator starts again from them
  const [figures, setFigures] = useState({ amount: config.amount, term: config.term, version: 0 });
  useEffect(
    () =>
      bridge?.listen((message) => {
        if (message.type !== 'update') return;
        setFigures((current) => ({
          amount: message.amount ?? current.amount,
          term: message.term ?? current.term,
          version: current.version + 1,
        }));
      }),
    [bridge],
  );
  const onCalculation = useCallback(
    (calculation: Calculation) =>
      bridge?.post({
        type: 'calculationChanged',
        amount: calculation.amount,
        term: calculation.months,
        ...(showFigures ? { monthlyPayment: calculation.monthly } : {}),
      }),
    [bridge, showFigures],
  );
  const product = productOfPurpose(config.purpose);
  const applicationLink = (chosen: { amount: number; months: number }) => {
    if (config.cta === 'widget') return { href: applicationFrameHref(window.location.href, chosen), newTab: false };
    // on the site: the publisher's attribution travels in the address, as from any referring link
    const href = new URL(applicationHref(config.lang, product, chosen), window.location.origin);
    for (const [name, value] of Object.entries(trackingOf(settings.options))) href.searchParams.set(name, value);
    if (config.purpose) href.searchParams.set('type', config.purpose);
    return { href: href.toString(), newTab: true };
  };
  return (
    <Calculator
      key={figures.version}
      amount={figures.amount}
      term={figures.term}
      product={product}
      showFigures={showFigures}
      applicationLink={applicationLink}
      onCalculation={onCalculation}
    />
  );
}

async function start(root: HTMLElement): Promise<void> {
  const settings = frameSettings(window.location.href);
  applyTheme(document, settings.config);
  if (settings.config.testMode) markTestMode(document);
  const bridge = connectToHost(window);
  const i18n = createI18n(settings.config.lang, await loadCalculatorWords(settings.config.lang));
  createRoot(root).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <CalculatorWidget settings={settings} bridge={bridge} />
      </I18nextProvider>
    </StrictMode>,
  );
  if (bridge) {
    bridge.post({ type: 'ready', widget: 'calculator' });
    reportHeight(bridge, root, () => (root.querySelector('.calculator') ? 'calculator' : null));
  }
}

const root = document.getElementById('widget-root');
if (root) void start(root);
