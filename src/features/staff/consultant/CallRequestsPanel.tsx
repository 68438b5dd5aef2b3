import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { slotText } from '../../../../domain/consultant-hours.ts';
import type { Language } from '../../../../domain/language.ts';
import {
  markCallBodySchema,
  NOTE_MAX,
  type CallOutcome,
  type StaffCallRequest,
} from '../../../../domain/staff-consultant-api.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { messageOf } from '../staff-context.ts';
import { rigaDateTime, useConsultantClient } from './consultant-client.ts';

/** The person's call requests, newest last; the one waiting is marked called or not reached, with a note if any. */
export function CallRequestsPanel({ calls, onChanged }: { calls: readonly StaffCallRequest[]; onChanged: () => void }) {
  const { t } = useTranslation('staff-consultant');
  return (
    <section className="staff-card" aria-labelledby="consultant-calls-heading">
      <h3 id="consultant-calls-heading">{t('calls.heading')}</h3>
      {calls.length === 0 ? <p>{t('calls.empty')}</p> : null}
      <ul className="consultant-notes">
        {calls.map((call) => (
          <CallItem key={call.id} call={call} onChanged={onChanged} />
        ))}
      </ul>
    </section>
  );
}

function CallItem({ call, onChanged }: { call: StaffCallRequest; onChanged: () => void }) {
  const { t, i18n } = useTranslation('staff-consultant');
  const language = i18n.language as Language;
  return (
    <li>
      <p>
        <strong>{t(`calls.states.${call.state}`)}</strong> ·{' '}
        {t('calls.slot', { slot: slotText(language, call.slotStart) })}
      </p>
      <p className="consultant-note-text">{call.question ?? t('queue.noQuestion')}</p>
      <p className="consultant-muted">
        {t('calls.asked', { at: rigaDateTime(language, call.createdAt) })}
        {call.handledAt && call.handledBy
          ? ` · ${t('calls.handled', { who: call.handledBy, at: rigaDateTime(language, call.handledAt) })}`
          : ''}
      </p>
      {call.state === 'requested' ? <MarkCall callRequestId={call.id} onMarked={onChanged} /> : null}
    </li>
  );
}

function MarkCall({ callRequestId, onMarked }: { callRequestId: string; onMarked: () => void }) {
  const { t } = useTranslation('staff-consultant');
  const client = useConsultantClient();
  const id = useId();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<CallOutcome | null>(null);

  const mark = async (outcome: CallOutcome) => {
    const parsed = markCallBodySchema.safeParse({ outcome, ...(note.trim() ? { note } : {}) });
    if (!parsed.success) {
      setError(t('errors.generic'));
      return;
    }
    setError(null);
    setPending(outcome);
    try {
      await client.markCall(callRequestId, parsed.data);
      onMarked();
    } catch (caught) {
      setError(messageOf(caught, t('errors.generic')));
      setPending(null);
    }
  };

  return (
    <div className="staff-form">
      <div className="consultant-field">
        <label htmlFor={id}>{t('calls.noteLabel')}</label>
        <textarea id={id} maxLength={NOTE_MAX} value={note} onChange={(event) => setNote(event.target.value)} />
      </div>
      <div className="staff-actions">
        <Button onPress={() => void mark('called')} isPending={pending === 'called'} isDisabled={pending !== null}>
          {t('calls.called')}
        </Button>
        <Button
          variant="secondary"
          onPress={() => void mark('notReached')}
          isPending={pending === 'notReached'}
          isDisabled={pending !== null}
        >
          {t('calls.notReached')}
        </Button>
      </div>
      {error ? <Alert>{error}</Alert> : null}
    </div>
  );
}
