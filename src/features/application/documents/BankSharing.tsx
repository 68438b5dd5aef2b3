import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Institution } from '../../../../domain/api.ts';
import type { DocumentItem } from '../../../../domain/documents.ts';
import type { DocumentsClient } from '../../../api/documents-client.ts';
import { documentRequestFragment, HANDOFF_PARAM, pathOfStep } from '../../../../domain/wizard-paths.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Select } from '../../../ui/Select.tsx';
import { useLanguage } from '../../../i18n/use-language.ts';
import { usePresentation } from '../presentation.tsx';
import { useWorkflowServices } from '../workflow-services.tsx';
import { IncomeSummaryView } from './IncomeSummaryView.tsx';

/** The banks to share from, once asked. */
function useBanks(): readonly Institution[] | null {
  const services = useWorkflowServices();
  const [banks, setBanks] = useState<readonly Institution[] | null>(null);
  useEffect(() => {
    let live = true;
    services?.institutions?.().then(
      (list) => live && setBanks(list),
      () => live && setBanks([]),
    );
    return () => {
      live = false;
    };
  }, [services]);
  return banks;
}

interface SharingInput {
  client: DocumentsClient;
  token: string;
  requestId: string;
  item: DocumentItem;
  onBusy: (busy: boolean) => void;
}

/** Starting a sharing (at the bank, or in a tab of the site for a widget) and cancelling a ready one. */
function useSharingActions({ client: documents, token, requestId, item, onBusy }: SharingInput) {
  const { t } = useTranslation('requests');
  const lang = useLanguage();
  const services = useWorkflowServices();
  const { embedded, openTab } = usePresentation();
  const [error, setError] = useState<string | null>(null);
  const fail = (failure: unknown) =>
    setError(failure instanceof Error && failure.message ? failure.message : t('errors.network'));

  const openSiteTab = async () => {
    const handoff = await services?.createHandoff?.(token);
    if (!handoff) return;
    const url = `${pathOfStep('waiting', lang)}?${HANDOFF_PARAM}=${handoff.code}#${documentRequestFragment(lang, requestId)}`;
    if (openTab) openTab(url);
    else window.open(url, '_blank', 'noopener');
  };

  const start = async (bank: string | null) => {
    setError(null);
    if (!embedded && !bank) {
      setError(t('bank.chooseFirst'));
      return;
    }
    onBusy(true);
    try {
      if (embedded || !bank) {
        await openSiteTab();
        onBusy(false);
        return;
      }
      const answer = await documents.startBankSharing({
        token,
        requestId,
        itemId: item.id,
        institutionId: bank,
        language: lang,
        returnTo: 'wizard',
      });
      (services?.navigate ?? ((url: string) => window.location.assign(url)))(answer.redirectUrl);
    } catch (failure) {
      fail(failure);
      onBusy(false);
    }
  };

  const cancel = async () => {
    const share = item.bankShare;
    if (!share) return;
    setError(null);
    onBusy(true);
    try {
      await documents.cancelBankSharing({ token, shareId: share.id, language: lang });
    } catch (failure) {
      fail(failure);
    } finally {
      onBusy(false);
    }
  };

  return { embedded, error, start, cancel };
}

/**
 * Share from the bank, for a statement or proof of income: the person picks their bank and approves there; the
 * broker reads the months asked once and shows the summary here, to send or cancel. A widget opens the site in a
 * tab for it: the bank's return must come to the browser that started it, and a publisher's frame is not that.
 */
export function BankSharing({ client, token, requestId, item, busy, onBusy }: SharingInput & { busy: boolean }) {
  const { t } = useTranslation('requests');
  const banks = useBanks();
  const headingId = useId();
  const [bank, setBank] = useState<string | null>(null);
  const { embedded, error, start, cancel } = useSharingActions({ client, token, requestId, item, onBusy });
  const share = item.bankShare;

  if (share?.state === 'ready' && share.summary) {
    return (
      <div className="bank-sharing bank-sharing--ready">
        <IncomeSummaryView summary={share.summary} />
        {error ? <Alert>{error}</Alert> : null}
        <Button variant="secondary" isDisabled={busy} onPress={() => void cancel()}>
          {t('bank.cancel')}
        </Button>
      </div>
    );
  }

  return (
    <section className="bank-sharing" aria-labelledby={headingId}>
      <h4 id={headingId}>{t('bank.heading')}</h4>
      <p>{t('bank.explain')}</p>
      {share?.state === 'started' ? <p className="screen__note">{t('bank.waiting')}</p> : null}
      {share?.state === 'failed' && share.failure ? <Alert>{t(`bank.failure.${share.failure}`)}</Alert> : null}
      {error ? <Alert>{error}</Alert> : null}
      {embedded ? null : (
        <Select
          label={t('bank.choose')}
          placeholder={t('bank.placeholder')}
          value={bank}
          onChange={(value) => setBank(value || null)}
          options={(banks ?? []).map((institution) => ({ id: institution.id, label: institution.name }))}
        />
      )}
      <Button isDisabled={busy || (!embedded && banks === null)} onPress={() => void start(bank)}>
        {embedded ? t('bank.startInTab') : t('bank.start')}
      </Button>
    </section>
  );
}
