import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../../domain/language.ts';
import { addNoteBodySchema, NOTE_MAX, type ConsultantNote } from '../../../../domain/staff-consultant-api.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { messageOf } from '../staff-context.ts';
import { rigaDateTime, useConsultantClient } from './consultant-client.ts';

/** The consultants' notes on the application, with who wrote each and when, and a box for a new one. */
export function NotesPanel({
  applicationId,
  notes,
  onAdded,
}: {
  applicationId: string;
  notes: readonly ConsultantNote[];
  onAdded: () => void;
}) {
  const { t, i18n } = useTranslation('staff-consultant');
  const language = i18n.language as Language;
  const client = useConsultantClient();
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [added, setAdded] = useState(false);
  const [pending, setPending] = useState(false);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    setAdded(false);
    const parsed = addNoteBodySchema.safeParse({ text });
    if (!parsed.success) {
      setError(t('notes.required'));
      return;
    }
    setError(null);
    setPending(true);
    try {
      await client.addNote(applicationId, parsed.data.text);
      setText('');
      setAdded(true);
      onAdded();
    } catch (caught) {
      setError(messageOf(caught, t('errors.generic')));
    } finally {
      setPending(false);
    }
  };

  return (
    <section className="staff-card" aria-labelledby="consultant-notes-heading">
      <h3 id="consultant-notes-heading">{t('notes.heading')}</h3>
      {notes.length === 0 ? <p>{t('notes.empty')}</p> : null}
      <ul className="consultant-notes">
        {notes.map((note) => (
          <li key={note.id}>
            <p className="consultant-note-text">{note.text}</p>
            <p className="consultant-muted">
              {t('notes.by', { author: note.authorName, at: rigaDateTime(language, note.createdAt) })}
              {note.callRequestId ? ` · ${t('notes.withCall')}` : ''}
            </p>
          </li>
        ))}
      </ul>
      <form className="staff-form" onSubmit={(event) => void add(event)} noValidate>
        <div className="consultant-field">
          <label htmlFor={id}>{t('notes.label')}</label>
          <textarea
            id={id}
            maxLength={NOTE_MAX}
            value={text}
            aria-invalid={error ? true : undefined}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <div className="staff-actions">
          <Button type="submit" isPending={pending}>
            {t('notes.add')}
          </Button>
        </div>
      </form>
      {error ? <Alert>{error}</Alert> : null}
      {added ? <Alert tone="success">{t('notes.added')}</Alert> : null}
    </section>
  );
}
