import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContinueLinkAnswer } from '../../../../domain/staff-consultant-api.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { messageOf } from '../staff-context.ts';
import { useConsultantClient } from './consultant-client.ts';

/** Sends the person the link that continues the application again, on the channels they allowed. */
export function ContinueLinkPanel({ applicationId }: { applicationId: string }) {
  const { t } = useTranslation('staff-consultant');
  const client = useConsultantClient();
  const [answer, setAnswer] = useState<ContinueLinkAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const send = async () => {
    setPending(true);
    setError(null);
    setAnswer(null);
    try {
      setAnswer(await client.resendContinueLink(applicationId));
    } catch (caught) {
      setError(messageOf(caught, t('errors.generic')));
    } finally {
      setPending(false);
    }
  };

  return (
    <section className="staff-card" aria-labelledby="consultant-link-heading">
      <h3 id="consultant-link-heading">{t('continueLink.heading')}</h3>
      <p>{t('continueLink.intro')}</p>
      <div className="staff-actions">
        <Button variant="secondary" onPress={() => void send()} isPending={pending}>
          {t('continueLink.send')}
        </Button>
      </div>
      {error ? <Alert>{error}</Alert> : null}
      {answer ? (
        <Alert tone="success">
          {answer.channels.length === 0
            ? t('continueLink.noChannels')
            : t('continueLink.sent', {
                channels: answer.channels.map((channel) => t(`timeline.channels.${channel}`)).join(', '),
              })}
        </Alert>
      ) : null}
    </section>
  );
}
