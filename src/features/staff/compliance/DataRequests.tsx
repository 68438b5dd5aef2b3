import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataRequest } from '../../../../domain/staff-compliance-api.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { DataRequestForm } from './DataRequestForm.tsx';
import { formErrorOf, NAMESPACE, useComplianceClient, useList, useRigaFormat } from './compliance-hooks.ts';
import { StaffTable } from '../StaffTable.tsx';

/** The browser saves the export as a file, as the person's own account does. */
function download(data: Record<string, unknown>, id: string): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `kreditkompass-dati-${id}.json`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The data requests received by post or e-mail: register one, then erase, export or refuse. */
export function DataRequests() {
  const { t } = useTranslation(NAMESPACE);
  const client = useComplianceClient();
  const load = useCallback(() => client.dataRequests(), [client]);
  const { items, error, reload } = useList(load);
  const [notice, setNotice] = useState<string | null>(null);

  return (
    <section className="staff-card" aria-labelledby="dr-heading">
      <h2 id="dr-heading">{t('dataRequests.heading')}</h2>
      <p>{t('dataRequests.intro')}</p>
      <DataRequestForm
        onRegistered={() => {
          setNotice(t('dataRequests.registered'));
          reload();
        }}
      />
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      {error ? <Alert>{error}</Alert> : null}
      <h3 id="dr-list-heading">{t('dataRequests.listHeading')}</h3>
      {items === null ? <p>{t('common.loading')}</p> : null}
      {items?.length === 0 ? <p>{t('dataRequests.empty')}</p> : null}
      {items?.length ? (
        <StaffTable
          labelledBy="dr-list-heading"
          headers={[
            t('common.receivedOn'),
            t('dataRequests.kind'),
            t('common.channel'),
            t('dataRequests.person'),
            t('dataRequests.identityCheck'),
            t('common.dueOn'),
            t('common.state'),
            t('common.actions'),
          ]}
        >
          {items.map((request) => (
            <DataRequestRow
              key={request.id}
              request={request}
              onDone={(message) => {
                setNotice(message);
                reload();
              }}
            />
          ))}
        </StaffTable>
      ) : null}
    </section>
  );
}

function DataRequestRow({ request, onDone }: { request: DataRequest; onDone: (message: string) => void }) {
  const { t } = useTranslation(NAMESPACE);
  const format = useRigaFormat();
  return (
    <tr>
      <th scope="row">{format.day(request.receivedOn)}</th>
      <td>{t(`dataRequests.kinds.${request.kind}`)}</td>
      <td>{t(`common.channels.${request.channel}`)}</td>
      <td>{request.applicationId ? <code>{request.applicationId}</code> : t('dataRequests.byPersonalCode')}</td>
      <td>
        {t(`dataRequests.identityChecks.${request.identityCheck}`)}
        {request.identityNote ? `: ${request.identityNote}` : ''}
      </td>
      <td>{format.day(request.dueOn)}</td>
      <td>
        {t(`dataRequests.states.${request.state}`)}
        {request.overdue ? <strong className="staff-overdue"> {t('common.overdue')}</strong> : null}
        {request.erased ? (
          <>
            <br />
            {t('dataRequests.erasedSummary', {
              applications: request.erased.deletedApplications,
              lenders: request.erased.lendersToBeTold,
            })}
          </>
        ) : null}
        {request.refusalReason ? (
          <>
            <br />
            {request.refusalReason}
          </>
        ) : null}
        {request.closedAt ? (
          <>
            <br />
            {format.moment(request.closedAt)} {request.closedBy ?? ''}
          </>
        ) : null}
      </td>
      <td>
        <DataRequestActions request={request} onDone={onDone} />
      </td>
    </tr>
  );
}

type Step = 'idle' | 'confirmErase' | 'refuse';

/** One action at a time on a request: pending while it runs, its refusal kept (a refusal's reason field named). */
function useAction(onSuccess: (message: string) => void) {
  const { t } = useTranslation(NAMESPACE);
  const [error, setError] = useState<{ message: string; reason?: string } | null>(null);
  const [pending, setPending] = useState(false);
  const act = async (work: () => Promise<string>) => {
    setPending(true);
    setError(null);
    try {
      onSuccess(await work());
    } catch (caught) {
      const failure = formErrorOf(caught, t('common.error'));
      setError({ message: failure.message, ...(failure.fields.reason ? { reason: failure.fields.reason } : {}) });
    } finally {
      setPending(false);
    }
  };
  return { act, pending, error };
}

function DataRequestActions({ request, onDone }: { request: DataRequest; onDone: (message: string) => void }) {
  const { t } = useTranslation(NAMESPACE);
  const client = useComplianceClient();
  const [step, setStep] = useState<Step>('idle');
  const [reason, setReason] = useState('');
  const { act, pending, error } = useAction((message) => {
    setStep('idle');
    onDone(message);
  });
  const erase = () =>
    act(async () => {
      const { erasure } = await client.erase(request.id);
      return t('dataRequests.erasedSummary', {
        applications: erasure.deletedApplications,
        lenders: erasure.lendersToBeTold.length,
      });
    });
  const exportData = () =>
    act(async () => {
      download(await client.exportData(request.id), request.id);
      return t('dataRequests.exported');
    });
  const refuse = () =>
    act(async () => {
      await client.refuse(request.id, reason);
      return t('dataRequests.refused');
    });
  const named = (key: string) => t(key, { date: request.receivedOn });

  const refuseControls =
    step !== 'refuse' ? (
      <Button variant="secondary" onPress={() => setStep('refuse')} aria-label={named('dataRequests.refuseNamed')}>
        {t('dataRequests.refuse')}
      </Button>
    ) : (
      <>
        <TextField
          label={t('dataRequests.refuseReason')}
          value={reason}
          onChange={setReason}
          isRequired
          error={error?.reason}
        />
        <Button isPending={pending} onPress={() => void refuse()}>
          {t('dataRequests.confirmRefuse')}
        </Button>
        <Button variant="secondary" onPress={() => setStep('idle')}>
          {t('common.cancel')}
        </Button>
      </>
    );

  if (request.state === 'refused') return null;
  if (request.kind === 'access') {
    return (
      <div className="staff-actions">
        <Button
          variant="secondary"
          isPending={pending}
          onPress={() => void exportData()}
          aria-label={named('dataRequests.exportNamed')}
        >
          {t('dataRequests.export')}
        </Button>
        {request.state === 'received' ? refuseControls : null}
        {error ? <Alert>{error.message}</Alert> : null}
      </div>
    );
  }
  if (request.state === 'done') return null;
  return (
    <div className="staff-actions">
      {step === 'confirmErase' ? (
        <>
          <Button isPending={pending} onPress={() => void erase()}>
            {t('dataRequests.confirmErase')}
          </Button>
          <Button variant="secondary" onPress={() => setStep('idle')}>
            {t('common.cancel')}
          </Button>
        </>
      ) : (
        <Button onPress={() => setStep('confirmErase')} aria-label={named('dataRequests.eraseNamed')}>
          {t('dataRequests.erase')}
        </Button>
      )}
      {refuseControls}
      {error ? <Alert>{error.message}</Alert> : null}
    </div>
  );
}
