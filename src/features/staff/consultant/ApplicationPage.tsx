import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../../domain/language.ts';
import type { ConsultantApplication } from '../../../../domain/staff-consultant-api.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { formatEuro } from '../../../ui/format.ts';
import { messageOf } from '../staff-context.ts';
import { CallRequestsPanel } from './CallRequestsPanel.tsx';
import { rigaDateTime, useConsultantClient } from './consultant-client.ts';
import { ContinueLinkPanel } from './ContinueLinkPanel.tsx';
import { NotesPanel } from './NotesPanel.tsx';
import { PersonalDataPanel } from './PersonalDataPanel.tsx';
import { Timeline } from './Timeline.tsx';

/**
 * One application as a consultant works on it: a summary without contacts (the personal code by its last digits),
 * the contacts and income for a reason, the timeline, the notes, the call requests and the continue link.
 */
export function ApplicationPage({ applicationId }: { applicationId: string }) {
  const { t } = useTranslation('staff-consultant');
  const client = useConsultantClient();
  const [version, setVersion] = useState(0);
  const [application, setApplication] = useState<ConsultantApplication | null>(null);
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    let live = true;
    client.application(applicationId).then(
      (answer) => live && setApplication(answer),
      (caught: unknown) => live && setError(messageOf(caught, t('errors.generic'))),
    );
    return () => {
      live = false;
    };
  }, [client, applicationId, t, version]);
  const load = () => setVersion((current) => current + 1);

  // the page changed under the keyboard: its heading is where reading goes on
  const loaded = application !== null;
  useEffect(() => {
    if (loaded) heading.current?.focus();
  }, [loaded]);

  return (
    <div className="consultant-application">
      <p>
        <a href="#calls">{t('application.back')}</a>
      </p>
      {error ? <Alert>{error}</Alert> : null}
      {!application && !error ? <p role="status">{t('application.loading')}</p> : null}
      {application ? (
        <>
          <h2 ref={heading} tabIndex={-1}>
            {t('application.heading', { shortId: application.shortId })}
          </h2>
          <Summary application={application} />
          <PersonalDataPanel applicationId={applicationId} />
          <CallRequestsPanel calls={application.callRequests} onChanged={load} />
          <NotesPanel applicationId={applicationId} notes={application.notes} onAdded={load} />
          <ContinueLinkPanel applicationId={applicationId} />
          <Timeline events={application.timeline} />
        </>
      ) : null}
    </div>
  );
}

function Summary({ application }: { application: ConsultantApplication }) {
  const { t, i18n } = useTranslation('staff-consultant');
  const language = i18n.language as Language;
  const rows: readonly [string, string][] = [
    [t('application.firstName'), application.firstName],
    [t('application.personalCode'), application.personalCodeMasked],
    [t('application.status'), t(`states.${application.state}`)],
    [
      t('application.loan'),
      t('application.loanValue', {
        amount: formatEuro(language, application.loan.amount),
        term: application.loan.term,
        purpose: t(`purposes.${application.loan.purpose}`),
      }),
    ],
    [t('application.submitted'), rigaDateTime(language, application.createdAt)],
    [t('application.language'), t(`languages.${application.language}`)],
  ];
  return (
    <section className="staff-card" aria-labelledby="consultant-summary-heading">
      <h3 id="consultant-summary-heading">{t('application.summary')}</h3>
      <dl className="consultant-facts">
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
