import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Institution } from '../../../domain/api.ts';
import { isValidPersonalCode } from '../../../domain/personal-code.ts';
import type { AccountClient } from '../../api/account-client.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useLanguage } from '../../i18n/use-language.ts';
import { useAccountClient } from './account-context.ts';
import { errorMessage } from './error-message.ts';
import { SmartIdWait } from './SmartIdWait.tsx';

type RedirectLogin = Exclude<Parameters<AccountClient['startLogin']>[0], { method: 'smartId' }>;

/** The three ways in, as in the application: Smart-ID (by personal code), an internet bank, eParaksts. */
export function LoginChoices({ notice, onLoggedIn }: { notice: string | null; onLoggedIn: () => void }) {
  const { t } = useTranslation('account');
  const { t: tv } = useTranslation('validation');
  const language = useLanguage();
  const client = useAccountClient();
  const [banks, setBanks] = useState<readonly Institution[]>([]);
  const [personalCode, setPersonalCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [smartId, setSmartId] = useState<{ code: string; pollSecret: string } | null>(null);

  useEffect(() => {
    client.institutions().then(setBanks, () => setBanks([]));
  }, [client]);

  const go = async (start: () => Promise<void>) => {
    setError(null);
    setBusy(true);
    try {
      await start();
    } catch (failure) {
      setError(errorMessage(failure, t, t('login.failed')));
      setBusy(false);
    }
  };

  const redirectTo = async (body: RedirectLogin) => {
    const answer = await client.startLogin(body);
    if (answer.method !== 'smartId') window.location.assign(answer.redirectUrl);
  };

  const startSmartId = (event: FormEvent) => {
    event.preventDefault();
    if (!isValidPersonalCode(personalCode)) {
      setFieldError(tv('personalCode'));
      return;
    }
    setFieldError(undefined);
    void go(async () => {
      const answer = await client.startLogin({ method: 'smartId', personalCode, language });
      if (answer.method === 'smartId') setSmartId({ code: answer.verificationCode, pollSecret: answer.pollSecret });
      setBusy(false);
    });
  };

  if (smartId) {
    return (
      <SmartIdWait
        {...smartId}
        onDone={(outcome) => {
          setSmartId(null);
          if (outcome === 'succeeded') onLoggedIn();
          else if (outcome === 'failed') setError(t('login.failed'));
        }}
      />
    );
  }

  return (
    <section className="account-login" aria-labelledby="account-login-heading">
      <h2 id="account-login-heading">{t('login.heading')}</h2>
      {notice ? <Alert tone="info">{notice}</Alert> : null}
      {error ? <Alert>{error}</Alert> : null}
      <form className="account-login__smart-id" onSubmit={startSmartId} noValidate>
        <h3>{t('login.smartId')}</h3>
        <TextField
          label={t('login.personalCode')}
          description={t('login.personalCodeHelp')}
          value={personalCode}
          onChange={setPersonalCode}
          error={fieldError}
          autoComplete="off"
          inputMode="numeric"
          maxLength={20}
          isRequired
        />
        <Button type="submit" isDisabled={busy}>
          {t('login.smartIdStart')}
        </Button>
      </form>
      <RedirectChoices banks={banks} busy={busy} onChoose={(body) => void go(() => redirectTo(body))} />
    </section>
  );
}

/** The ways in that leave for the provider's page: an internet bank, eParaksts. */
function RedirectChoices({
  banks,
  busy,
  onChoose,
}: {
  banks: readonly Institution[];
  busy: boolean;
  onChoose: (body: RedirectLogin) => void;
}) {
  const { t } = useTranslation('account');
  const language = useLanguage();
  return (
    <>
      <div className="account-login__banks">
        <h3>{t('login.bankHeading')}</h3>
        <ul className="account-login__bank-list">
          {banks.map((bank) => (
            <li key={bank.id}>
              <Button
                variant="secondary"
                isDisabled={busy}
                onPress={() => onChoose({ method: 'bank', institutionId: bank.id, language })}
              >
                {bank.name}
              </Button>
            </li>
          ))}
        </ul>
      </div>
      <div className="account-login__other">
        <h3>{t('login.otherWays')}</h3>
        <Button variant="secondary" isDisabled={busy} onPress={() => onChoose({ method: 'eSignature', language })}>
          {t('login.eParaksts')}
        </Button>
      </div>
    </>
  );
}
