import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Consent, ConsentKind } from '../../../domain/account-api.ts';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { useLanguage } from '../../i18n/use-language.ts';
import { useAccountClient, useSessionEnded } from './account-context.ts';
import { CONSENTS_ANCHOR } from './anchors.ts';
import { errorMessage, isUnauthorized } from './error-message.ts';
import { formatDay } from './format-day.ts';

/**
 * Each consent on its own, as the server holds it (never pre-ticked), with when and how it was given
 * or withdrawn. A change is saved at once; the status line says what was saved, or why not.
 */
export function ConsentCentre({ initial }: { initial: readonly Consent[] }) {
  const { t } = useTranslation('account');
  const lang = useLanguage();
  const client = useAccountClient();
  const sessionEnded = useSessionEnded();
  const [consents, setConsents] = useState(initial);
  const [status, setStatus] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  // one change at a time per consent: a second press while the first is saving is ignored
  const saving = useRef(new Set<ConsentKind>());

  const change = async (consent: Consent, granted: boolean) => {
    if (saving.current.has(consent.kind)) return;
    saving.current.add(consent.kind);
    setStatus({ tone: 'ok', text: t('consents.saving') });
    try {
      setConsents(await client.setConsent(consent.kind, granted));
      setStatus({
        tone: 'ok',
        text: t('consents.saved', {
          consent: t(`consents.${consent.kind}`),
          state: t(granted ? 'consents.on' : 'consents.off'),
        }),
      });
    } catch (failure) {
      if (isUnauthorized(failure)) sessionEnded();
      else setStatus({ tone: 'error', text: errorMessage(failure, t, t('consents.failed')) });
    } finally {
      saving.current.delete(consent.kind);
    }
  };

  const history = (consent: Consent) =>
    consent.changedAt && consent.source
      ? t(consent.granted ? 'consents.given' : 'consents.withdrawn', {
          date: formatDay(lang, consent.changedAt),
          how: t(`consents.sources.${consent.source}`),
        })
      : t('consents.never');

  return (
    <section className="account-section" id={CONSENTS_ANCHOR} aria-labelledby={`${CONSENTS_ANCHOR}-heading`}>
      <h2 id={`${CONSENTS_ANCHOR}-heading`} tabIndex={-1}>
        {t('consents.heading')}
      </h2>
      <p>{t('consents.intro')}</p>
      <div className="account-consents">
        {consents.map((consent) => (
          <Checkbox
            key={consent.kind}
            isSelected={consent.granted}
            onChange={(granted) => void change(consent, granted)}
            description={history(consent)}
          >
            {t(`consents.${consent.kind}`)}
          </Checkbox>
        ))}
      </div>
      <p role="status" className={status?.tone === 'error' ? 'account-status account-status--error' : 'account-status'}>
        {status?.text ?? ''}
      </p>
    </section>
  );
}
