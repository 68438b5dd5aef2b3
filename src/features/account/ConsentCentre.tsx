import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Consent } from '../../../domain/account-api.ts';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { formatDate } from '../../ui/format-date.ts';
import { useLanguage } from '../../i18n/use-language.ts';
import { useAccountClient } from './account-context.ts';
import { errorMessage } from './error-message.ts';

/** Each consent on its own, as the server holds it (never pre-ticked), with when and how it was given. */
export function ConsentCentre({ initial }: { initial: readonly Consent[] }) {
  const { t } = useTranslation('account');
  const lang = useLanguage();
  const client = useAccountClient();
  const [consents, setConsents] = useState(initial);
  const [status, setStatus] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);

  const change = async (consent: Consent, granted: boolean) => {
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
      setStatus({ tone: 'error', text: errorMessage(failure, t, t('consents.failed')) });
    }
  };

  const history = (consent: Consent) =>
    consent.changedAt && consent.source
      ? t(consent.granted ? 'consents.given' : 'consents.withdrawn', {
          date: formatDate(lang, consent.changedAt),
          how: t(`consents.sources.${consent.source}`),
        })
      : t('consents.never');

  return (
    <section className="account-section" aria-labelledby="account-consents-heading">
      <h2 id="account-consents-heading">{t('consents.heading')}</h2>
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
