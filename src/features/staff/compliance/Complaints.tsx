import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rigaToday, type Complaint } from '../../../../domain/staff-compliance-api.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { ComplaintForm } from './ComplaintForm.tsx';
import { formErrorOf, NAMESPACE, useComplianceClient, useList, useRigaFormat } from './compliance-hooks.ts';
import { StaffTable } from '../StaffTable.tsx';

/** The complaints register: register one, mark it answered, see which are past their due date. */
export function Complaints() {
  const { t } = useTranslation(NAMESPACE);
  const client = useComplianceClient();
  const format = useRigaFormat();
  const load = useCallback(() => client.complaints(), [client]);
  const { items, error, reload } = useList(load);
  const [notice, setNotice] = useState<string | null>(null);
  const done = (message: string) => {
    setNotice(message);
    reload();
  };

  return (
    <section className="staff-card" aria-labelledby="cp-heading">
      <h2 id="cp-heading">{t('complaints.heading')}</h2>
      <p>{t('complaints.intro')}</p>
      <ComplaintForm
        onRegistered={(complaint) => done(t('complaints.registered', { due: format.day(complaint.dueOn) }))}
      />
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      {error ? <Alert>{error}</Alert> : null}
      <h3 id="cp-list-heading">{t('complaints.listHeading')}</h3>
      {items === null ? <p>{t('common.loading')}</p> : null}
      {items?.length === 0 ? <p>{t('complaints.empty')}</p> : null}
      {items?.length ? (
        <StaffTable
          labelledBy="cp-list-heading"
          headers={[
            t('common.receivedOn'),
            t('complaints.category'),
            t('common.channel'),
            t('complaints.summary'),
            t('complaints.application'),
            t('common.dueOn'),
            t('common.state'),
            t('common.actions'),
          ]}
        >
          {items.map((complaint) => (
            <tr key={complaint.id}>
              <th scope="row">{format.day(complaint.receivedOn)}</th>
              <td>{t(`complaints.categories.${complaint.category}`)}</td>
              <td>{t(`common.channels.${complaint.channel}`)}</td>
              <td className="staff-text">{complaint.summary}</td>
              <td>{complaint.applicationId ? <code>{complaint.applicationId}</code> : '—'}</td>
              <td>{format.day(complaint.dueOn)}</td>
              <td>
                {complaint.answeredOn
                  ? t('complaints.answeredOn', { date: format.day(complaint.answeredOn) })
                  : t('complaints.states.received')}
                {complaint.overdue ? <strong className="staff-overdue"> {t('common.overdue')}</strong> : null}
              </td>
              <td>
                {complaint.state === 'received' ? (
                  <AnswerControls complaint={complaint} onDone={() => done(t('complaints.answered'))} />
                ) : null}
              </td>
            </tr>
          ))}
        </StaffTable>
      ) : null}
    </section>
  );
}

function AnswerControls({ complaint, onDone }: { complaint: Complaint; onDone: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const client = useComplianceClient();
  const [open, setOpen] = useState(false);
  const [answeredOn, setAnsweredOn] = useState(rigaToday);
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  const [pending, setPending] = useState(false);
  const save = async () => {
    setPending(true);
    setError(null);
    try {
      await client.answerComplaint(complaint.id, answeredOn.trim());
      setOpen(false);
      onDone();
    } catch (caught) {
      const failure = formErrorOf(caught, t('common.error'));
      setError({
        message: failure.message,
        ...(failure.fields.answeredOn ? { field: failure.fields.answeredOn } : {}),
      });
    } finally {
      setPending(false);
    }
  };
  if (!open) {
    return (
      <Button
        variant="secondary"
        onPress={() => setOpen(true)}
        aria-label={t('complaints.markAnsweredNamed', { date: complaint.receivedOn })}
      >
        {t('complaints.markAnswered')}
      </Button>
    );
  }
  return (
    <div className="staff-actions">
      <TextField
        label={t('complaints.answerDate')}
        description={t('common.dateHint')}
        value={answeredOn}
        onChange={setAnsweredOn}
        isRequired
        error={error?.field}
      />
      <Button isPending={pending} onPress={() => void save()}>
        {t('complaints.saveAnswer')}
      </Button>
      <Button variant="secondary" onPress={() => setOpen(false)}>
        {t('common.cancel')}
      </Button>
      {error && !error.field ? <Alert>{error.message}</Alert> : null}
    </div>
  );
}
