import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { slotText } from '../../../../domain/consultant-hours.ts';
import type { Language } from '../../../../domain/language.ts';
import type { CallQueueAnswer } from '../../../../domain/staff-consultant-api.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { messageOf } from '../staff-context.ts';
import { applicationHash, useConsultantClient } from './consultant-client.ts';
import { StaffTable } from '../StaffTable.tsx';

/** The calls waiting to be made, soonest first: when, who (first name), which application, what they asked. */
export function CallQueue() {
  const { t, i18n } = useTranslation('staff-consultant');
  const language = i18n.language as Language;
  const client = useConsultantClient();
  const [version, setVersion] = useState(0);
  const [loaded, setLoaded] = useState<{
    readonly version: number;
    readonly answer: CallQueueAnswer | null;
    readonly error: string | null;
  } | null>(null);

  useEffect(() => {
    let live = true;
    client.callQueue().then(
      (answer) => live && setLoaded({ version, answer, error: null }),
      (caught: unknown) => live && setLoaded({ version, answer: null, error: messageOf(caught, t('errors.generic')) }),
    );
    return () => {
      live = false;
    };
  }, [client, t, version]);

  const pending = loaded?.version !== version;
  const answer = loaded?.answer ?? null;
  const error = loaded?.error ?? null;

  return (
    <section className="staff-card" aria-labelledby="consultant-queue-heading">
      <h2 id="consultant-queue-heading">{t('queue.heading')}</h2>
      <p>{t('queue.intro')}</p>
      <div className="staff-actions">
        <Button variant="secondary" onPress={() => setVersion((current) => current + 1)} isPending={pending}>
          {t('queue.refresh')}
        </Button>
      </div>
      {error ? <Alert>{error}</Alert> : null}
      {answer && answer.calls.length === 0 ? <p role="status">{t('queue.empty')}</p> : null}
      {answer && answer.calls.length > 0 ? (
        <StaffTable
          label={t('queue.heading')}
          headers={[
            t('queue.slot'),
            t('queue.person'),
            t('queue.application'),
            t('queue.status'),
            t('queue.question'),
            t('queue.actions'),
          ]}
        >
          {answer.calls.map((call) => (
            <tr key={call.callRequestId} className={call.overdue ? 'consultant-overdue' : undefined}>
              <td>
                {slotText(language, call.slotStart)}
                {call.overdue ? <span className="consultant-badge">{t('queue.overdue')}</span> : null}
              </td>
              <th scope="row">
                {call.firstName}
                <span className="consultant-muted">
                  {t('queue.language', { language: t(`languages.${call.language}`) })}
                </span>
              </th>
              <td>
                <code>{call.shortId}</code>
              </td>
              <td>{t(`states.${call.state}`)}</td>
              <td className="consultant-question">{call.question ?? t('queue.noQuestion')}</td>
              <td>
                <a
                  className="button button--secondary"
                  href={applicationHash(call.applicationId)}
                  aria-label={t('queue.openNamed', { shortId: call.shortId })}
                >
                  {t('queue.open')}
                </a>
              </td>
            </tr>
          ))}
        </StaffTable>
      ) : null}
      {answer?.truncated ? <p>{t('queue.truncated', { count: answer.calls.length })}</p> : null}
    </section>
  );
}
