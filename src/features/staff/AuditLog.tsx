import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PERSONAL_DATA_REASONS } from '../../../domain/staff-consultant-api.ts';
import type { AuditAnswer, AuditQuery } from '../../../domain/staff-api.ts';
import type { StaffDirectoryEntry } from '../../../domain/staff-compliance-api.ts';
import { auditCsvHref } from '../../api/staff-client.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Select } from '../../ui/Select.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useComplianceClient } from './compliance/compliance-hooks.ts';
import { messageOf, useStaffClient } from './staff-context.ts';
import { StaffTable } from './StaffTable.tsx';

const FILTERS = ['from', 'to', 'action', 'applicationId'] as const;
type Filters = Record<(typeof FILTERS)[number], string>;
const EMPTY: Filters = { from: '', to: '', action: '', applicationId: '' };

// the picker's "every member": a select's empty value is its placeholder, which cannot be chosen again
const ANY_MEMBER = '*';

const queryOf = (filters: Filters, staffId: string): AuditQuery =>
  Object.fromEntries([
    ...FILTERS.flatMap((key) => (filters[key].trim() ? [[key, filters[key].trim()]] : [])),
    ...(staffId === ANY_MEMBER ? [] : [['staffId', staffId]]),
  ]) as AuditQuery;

const rigaMoment = (language: string, iso: string) =>
  new Date(iso).toLocaleString(language === 'ru' ? 'ru-RU' : 'lv-LV', { timeZone: 'Europe/Riga' });

/** Every member ever added, removed ones too (their old records stay searchable); the list is compliance's own. */
function useStaffDirectory(): StaffDirectoryEntry[] {
  const client = useComplianceClient();
  const [members, setMembers] = useState<StaffDirectoryEntry[]>([]);
  useEffect(() => {
    // without the list the picker offers every member only: the search itself still works
    client.staffDirectory().then(setMembers, () => setMembers([]));
  }, [client]);
  return members;
}

/** The compliance officer's audit log: search by period, action or application, and the same search as CSV. */
export function AuditLog() {
  const { t } = useTranslation('staff');
  const client = useStaffClient();
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [staffId, setStaffId] = useState(ANY_MEMBER);
  const members = useStaffDirectory();
  const [answer, setAnswer] = useState<AuditAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const search = async (event?: FormEvent) => {
    event?.preventDefault();
    setPending(true);
    setError(null);
    try {
      setAnswer(await client.searchAudit(queryOf(filters, staffId)));
    } catch (caught) {
      setError(messageOf(caught, t('errors.generic')));
    } finally {
      setPending(false);
    }
  };

  return (
    <section className="staff-card" aria-labelledby="staff-audit-heading">
      <h2 id="staff-audit-heading">{t('audit.heading')}</h2>
      <form className="staff-form staff-form--row" onSubmit={(event) => void search(event)} noValidate>
        {FILTERS.map((key) => (
          <TextField
            key={key}
            label={t(`audit.${key}`)}
            value={filters[key]}
            onChange={(value) => setFilters((current) => ({ ...current, [key]: value }))}
          />
        ))}
        <Select
          label={t('audit.staffId')}
          placeholder={t('audit.anyMember')}
          value={staffId}
          onChange={setStaffId}
          options={[
            { id: ANY_MEMBER, label: t('audit.anyMember') },
            ...members.map((member) => {
              const label = `${member.name || member.email} <${member.email}>`;
              return { id: member.id, label: member.removed ? t('audit.removedMember', { member: label }) : label };
            }),
          ]}
        />
        <div className="staff-actions">
          <Button type="submit" isPending={pending}>
            {t('audit.search')}
          </Button>
          <a className="button button--secondary" href={auditCsvHref(queryOf(filters, staffId))} download>
            {t('audit.csv')}
          </a>
        </div>
      </form>
      {error ? <Alert>{error}</Alert> : null}
      {answer ? <AuditResults answer={answer} /> : null}
    </section>
  );
}

function AuditResults({ answer }: { answer: AuditAnswer }) {
  const { t, i18n } = useTranslation('staff');
  // a personal-data view's reason is one of the consultant's listed reasons, shown in the reader's words
  const reasonText = (reason: string | null) =>
    reason !== null && (PERSONAL_DATA_REASONS as readonly string[]).includes(reason)
      ? t(`staff-consultant:personal.reasons.${reason}`)
      : (reason ?? '');
  if (answer.records.length === 0) return <p role="status">{t('audit.empty')}</p>;
  return (
    <>
      <p role="status">
        {t('audit.results', { count: answer.records.length })}
        {answer.truncated ? ` ${t('audit.truncated', { count: answer.records.length })}` : ''}
      </p>
      <StaffTable
        label={t('audit.heading')}
        headers={[
          t('audit.seq'),
          t('audit.at'),
          t('audit.who'),
          t('audit.what'),
          t('audit.application'),
          t('audit.reason'),
          t('audit.details'),
        ]}
      >
        {answer.records.map((record) => (
          <tr key={record.seq}>
            <th scope="row">{record.seq}</th>
            <td>{rigaMoment(i18n.language, record.at)}</td>
            <td>{record.staffEmail ?? t('audit.noMember')}</td>
            <td>{record.action}</td>
            <td>{record.applicationId ?? ''}</td>
            <td>{reasonText(record.reason)}</td>
            <td>
              <code>{JSON.stringify(record.details)}</code>
            </td>
          </tr>
        ))}
      </StaffTable>
    </>
  );
}
