import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DATA_REQUEST_CHANNELS,
  DATA_REQUEST_KINDS,
  IDENTITY_CHECKS,
  rigaToday,
  type DataRequest,
  type RegisterDataRequestBody,
} from '../../../../domain/staff-compliance-api.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Select } from '../../../ui/Select.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { formErrorOf, NAMESPACE, useComplianceClient, type FormError } from './compliance-hooks.ts';

const IDENTIFIERS = ['personalCode', 'applicationId'] as const;
type Identifier = (typeof IDENTIFIERS)[number];

interface Draft {
  kind: string;
  receivedOn: string;
  channel: string;
  identifiedBy: Identifier;
  identifier: string;
  identityCheck: string;
  identityNote: string;
}

const emptyDraft = (): Draft => ({
  kind: '',
  receivedOn: rigaToday(),
  channel: '',
  identifiedBy: 'personalCode',
  identifier: '',
  identityCheck: '',
  identityNote: '',
});

/** What the server is sent: only the identification chosen, empty choices left for the server to name. */
const bodyOf = (draft: Draft): RegisterDataRequestBody =>
  ({
    kind: draft.kind || undefined,
    receivedOn: draft.receivedOn.trim(),
    channel: draft.channel || undefined,
    [draft.identifiedBy]: draft.identifier.trim() || undefined,
    identityCheck: draft.identityCheck || undefined,
    identityNote: draft.identityNote.trim() || undefined,
  }) as RegisterDataRequestBody;

/** Registers an erasure or access request that came by post or e-mail; the personal code goes in the body only. */
export function DataRequestForm({ onRegistered }: { onRegistered: (request: DataRequest) => void }) {
  const { t } = useTranslation(NAMESPACE);
  const client = useComplianceClient();
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [error, setError] = useState<FormError | null>(null);
  const [pending, setPending] = useState(false);
  const set = (key: keyof Draft) => (value: string) => setDraft((current) => ({ ...current, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      onRegistered(await client.registerDataRequest(bodyOf(draft)));
      setDraft(emptyDraft());
    } catch (caught) {
      setError(formErrorOf(caught, t('common.error')));
    } finally {
      setPending(false);
    }
  };
  const field = (key: string) => error?.fields[key];
  const options = (prefix: string, ids: readonly string[]) => ids.map((id) => ({ id, label: t(`${prefix}.${id}`) }));

  return (
    <form
      className="staff-card staff-form"
      aria-labelledby="dr-form-heading"
      onSubmit={(e) => void submit(e)}
      noValidate
    >
      <h3 id="dr-form-heading">{t('dataRequests.registerHeading')}</h3>
      {error ? <Alert>{error.message}</Alert> : null}
      <Select
        label={t('dataRequests.kind')}
        placeholder={t('common.choose')}
        value={draft.kind}
        onChange={set('kind')}
        options={options('dataRequests.kinds', DATA_REQUEST_KINDS)}
        isRequired
        error={field('kind')}
      />
      <TextField
        label={t('common.receivedOn')}
        description={t('common.dateHint')}
        value={draft.receivedOn}
        onChange={set('receivedOn')}
        isRequired
        error={field('receivedOn')}
      />
      <Select
        label={t('common.channel')}
        placeholder={t('common.choose')}
        value={draft.channel}
        onChange={set('channel')}
        options={options('common.channels', DATA_REQUEST_CHANNELS)}
        isRequired
        error={field('channel')}
      />
      <Select
        label={t('dataRequests.identifiedBy')}
        placeholder={t('common.choose')}
        value={draft.identifiedBy}
        onChange={(value) => setDraft((current) => ({ ...current, identifiedBy: value as Identifier, identifier: '' }))}
        options={options('dataRequests.identifiers', IDENTIFIERS)}
        isRequired
      />
      <TextField
        label={t(`dataRequests.identifiers.${draft.identifiedBy}`)}
        description={draft.identifiedBy === 'personalCode' ? t('dataRequests.personalCodeHelp') : undefined}
        autoComplete="off"
        value={draft.identifier}
        onChange={set('identifier')}
        isRequired
        error={field('applicationId') ?? field('personalCode')}
      />
      <Select
        label={t('dataRequests.identityCheck')}
        placeholder={t('common.choose')}
        value={draft.identityCheck}
        onChange={set('identityCheck')}
        options={options('dataRequests.identityChecks', IDENTITY_CHECKS)}
        isRequired
        error={field('identityCheck')}
      />
      <TextField
        label={t('dataRequests.identityNote')}
        value={draft.identityNote}
        onChange={set('identityNote')}
        isRequired={draft.identityCheck === 'other'}
        maxLength={500}
        error={field('identityNote')}
      />
      <Button type="submit" isPending={pending}>
        {t('dataRequests.submit')}
      </Button>
    </form>
  );
}
