import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../../domain/language.ts';
import { applicationSearchBodySchema, type ApplicationSearchAnswer } from '../../../../domain/staff-consultant-api.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { messageOf } from '../staff-context.ts';
import { applicationHash, rigaDateTime, useConsultantClient } from './consultant-client.ts';
import { StaffTable } from '../StaffTable.tsx';

/**
 * One box for an application id, its short id, an e-mail or a phone: sent in the request's body, so no address or
 * log holds what was searched for. Only applications of people who asked for a call are found.
 */
export function ApplicationSearch() {
  const { t, i18n } = useTranslation('staff-consultant');
  const language = i18n.language as Language;
  const client = useConsultantClient();
  const [query, setQuery] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [answer, setAnswer] = useState<ApplicationSearchAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const search = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const parsed = applicationSearchBodySchema.safeParse({ query });
    setInvalid(!parsed.success);
    if (!parsed.success) return;
    setPending(true);
    try {
      setAnswer(await client.search(parsed.data.query));
    } catch (caught) {
      setError(messageOf(caught, t('errors.generic')));
    } finally {
      setPending(false);
    }
  };

  return (
    <section className="staff-card" aria-labelledby="consultant-search-heading">
      <h2 id="consultant-search-heading">{t('search.heading')}</h2>
      <p>{t('search.intro')}</p>
      <form className="staff-form staff-form--row" onSubmit={(event) => void search(event)} noValidate>
        <TextField
          label={t('search.label')}
          value={query}
          onChange={setQuery}
          autoComplete="off"
          maxLength={254}
          error={invalid ? t('search.invalid') : undefined}
        />
        <div className="staff-actions">
          <Button type="submit" isPending={pending}>
            {t('search.submit')}
          </Button>
        </div>
      </form>
      {error ? <Alert>{error}</Alert> : null}
      {answer ? (
        <div role="status">
          <p>
            {t(`search.by.${answer.searchedBy}`)}{' '}
            {answer.results.length === 0 ? t('search.none') : t('search.results', { count: answer.results.length })}
          </p>
        </div>
      ) : null}
      {answer && answer.results.length > 0 ? (
        <StaffTable
          label={t('search.heading')}
          headers={[
            t('queue.application'),
            t('queue.person'),
            t('queue.status'),
            t('search.created'),
            t('search.callWaiting'),
            t('queue.actions'),
          ]}
        >
          {answer.results.map((found) => (
            <tr key={found.applicationId}>
              <th scope="row">
                <code>{found.shortId}</code>
              </th>
              <td>{found.firstName}</td>
              <td>{t(`states.${found.state}`)}</td>
              <td>{rigaDateTime(language, found.createdAt)}</td>
              <td>{found.callWaiting ? t('search.callWaitingYes') : t('search.callWaitingNo')}</td>
              <td>
                <a
                  className="button button--secondary"
                  href={applicationHash(found.applicationId)}
                  aria-label={t('queue.openNamed', { shortId: found.shortId })}
                >
                  {t('queue.open')}
                </a>
              </td>
            </tr>
          ))}
        </StaffTable>
      ) : null}
    </section>
  );
}
