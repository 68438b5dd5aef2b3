import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BrokerClient } from '../../src/api/broker-client.ts';
import type { Language } from '../../domain/language.ts';
import { handoffUrl, SCREEN_NAMESPACES, StepHeading, useWorkflow } from '../../src/features/application/index.ts';
import { Alert } from '../../src/ui/Alert.tsx';
import { Button } from '../../src/ui/Button.tsx';
import { ProgressBar } from '../../src/ui/ProgressBar.tsx';
import { answeredCount } from '../../domain/lender-progress.ts';

/**
 * Apply-only mode, once the application is with the lenders: how many have answered, and a button
 * that opens the comparison on the site in a new tab. No offer's rate, payment or cost shows here.
 * The new tab gets the application by a one-time code, never by the token in its address.
 */
export function applyOnlyOffersScreen(client: Pick<BrokerClient, 'createHandoff'>) {
  return function ApplyOnlyOffersScreen() {
    const { t, i18n } = useTranslation(SCREEN_NAMESPACES);
    const token = useWorkflow((snapshot) => snapshot.context.token);
    const lenders = useWorkflow((snapshot) => snapshot.context.status?.lenders ?? []);
    const answered = answeredCount(lenders);
    const [failed, setFailed] = useState(false);
    const [pending, setPending] = useState(false);

    const open = async () => {
      if (!token) return;
      setFailed(false);
      setPending(true);
      // opened within the click, so no popup blocker stops it; the address follows the code
      const tab = window.open('about:blank', '_blank');
      try {
        const { code } = await client.createHandoff(token);
        const url = handoffUrl(window.location.origin, i18n.language as Language, code);
        if (tab) {
          tab.opener = null;
          tab.location.href = url;
        } else window.open(url, '_blank', 'noopener');
      } catch {
        tab?.close();
        setFailed(true);
      } finally {
        setPending(false);
      }
    };

    return (
      <section className="screen">
        <StepHeading>{t('applyOnly.title')}</StepHeading>
        <p className="lead">{t('applyOnly.lead')}</p>
        {lenders.length > 0 ? (
          <ProgressBar
            label={t('waiting.progressLabel')}
            value={answered}
            maxValue={lenders.length}
            valueLabel={t('waiting.answered', { count: answered, total: lenders.length })}
          />
        ) : null}
        {failed ? <Alert tone="error">{t('applyOnly.failed')}</Alert> : null}
        <div className="screen__actions">
          <Button variant="primary" isPending={pending} onPress={() => void open()}>
            {t('applyOnly.open')}
            <span className="visually-hidden"> {t('newTab', { ns: 'common' })}</span>
          </Button>
        </div>
      </section>
    );
  };
}
