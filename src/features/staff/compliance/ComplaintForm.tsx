import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  COMPLAINT_CATEGORIES,
  COMPLAINT_CHANNELS,
  rigaToday,
  type Complaint,
  type RegisterComplaintBody,
} from '../../../../domain/staff-compliance-api.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Select } from '../../../ui/Select.tsx';
import { TextArea } from './TextArea.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { formErrorOf, NAMESPACE, useComplianceClient, type FormError } from './compliance-hooks.ts';

interface Draft {
  receivedOn: string;
  channel: string;
  applicationId: string;
  category: string;
  summary: string;
}

const emptyDraft = (): Draft => ({
  receivedOn: rigaToday(),
  channel: '',
  applicationId: '',
  category: '',
  summary: '',
});

const bodyOf = (draft: Draft): RegisterComplaintBody =>
  ({
    receivedOn: draft.receivedOn.trim(),
    channel: draft.channel || undefined,
    applicationId: draft.applicationId.trim() || undefined,
    category: draft.category || undefined,
    summary: draft.summary,
  }) as RegisterComplaintBody;

/** Registers a complaint; the server gives it its due date, 15 Latvian working days on. */
export function ComplaintForm({ onRegistered }: { onRegistered: (complaint: Complaint) => void }) {
  const { t } = useTranslation(NAMESPACE);
  const client = useComplianceClient();
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [error, setError] = useState<FormError | null>(null);
  const [pending, setPending] = useState(false);
  const set = (key: keyof Draft) => (value: string) => setDraft((current) => ({ ...current, [key]: value }));
  const options = (prefix: string, ids: readonly string[]) => ids.map((id) => ({ id, label: t(`${prefix}.${id}`) }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      onRegistered(await client.registerComplaint(bodyOf(draft)));
      setDraft(emptyDraft());
    } catch (caught) {
      setError(formErrorOf(caught, t('common.error')));
    } finally {
      setPending(false);
    }
  };

  return (
    <form
      className="staff-card staff-form"
      aria-labelledby="cp-form-heading"
      onSubmit={(e) => void submit(e)}
      noValidate
    >
      <h3 id="cp-form-heading">{t('complaints.registerHeading')}</h3>
      {error ? <Alert>{error.message}</Alert> : null}
      <TextField
        label={t('common.receivedOn')}
        description={t('common.dateHint')}
        value={draft.receivedOn}
        onChange={set('receivedOn')}
        isRequired
        error={error?.fields.receivedOn}
      />
      <Select
        label={t('common.channel')}
        placeholder={t('common.choose')}
        value={draft.channel}
        onChange={set('channel')}
        options={options('common.channels', COMPLAINT_CHANNELS)}
        isRequired
        error={error?.fields.channel}
      />
      <TextField
        label={t('complaints.applicationId')}
        description={t('complaints.applicationIdHelp')}
        autoComplete="off"
        value={draft.applicationId}
        onChange={set('applicationId')}
        error={error?.fields.applicationId}
      />
      <Select
        label={t('complaints.category')}
        placeholder={t('common.choose')}
        value={draft.category}
        onChange={set('category')}
        options={options('complaints.categories', COMPLAINT_CATEGORIES)}
        isRequired
        error={error?.fields.category}
      />
      <TextArea
        label={t('complaints.summary')}
        value={draft.summary}
        onChange={set('summary')}
        maxLength={2000}
        isRequired
        error={error?.fields.summary}
      />
      <Button type="submit" isPending={pending}>
        {t('complaints.submit')}
      </Button>
    </form>
  );
}
