import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { StartLoginBody } from '../../../domain/account-api.ts';
import { IDENTIFICATION_FAILURES, type IdentificationFailure, type Institution } from '../../../domain/api.ts';
import { isValidPersonalCode, normalizePersonalCode } from '../../../domain/personal-code.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Disclosure } from '../../ui/Disclosure.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useLanguage } from '../../i18n/use-language.ts';
import { useAccountClient, useNavigate } from './account-context.ts';
import { errorMessage } from './error-message.ts';
import { SmartIdWait } from './SmartIdWait.tsx';

/** Failures of a Smart-ID login that have words of their own; the rest are "it did not work". */
const EXPLAINED_FAILURES: ReadonlySet<IdentificationFailure> = new Set([
  'refused',
  'timeout',
  'personalCodeMismatch',
  'noAccount',
  'wrongVerificationCode',
  'notSupported',
]);
const isExplained = (failure: string | null): failure is IdentificationFailure =>
  (IDENTIFICATION_FAILURES as readonly string[]).includes(failure ?? '') &&
  EXPLAINED_FAILURES.has(failure as IdentificationFailure);

const byOrder = (a: Institution, b: Institution) => a.order - b.order || a.name.localeCompare(b.name);

/**
 * The three ways in, as in the application: Smart-ID (by personal code), an internet bank, eParaksts.
 * A bank or eParaksts leaves the page and comes back to it; Smart-ID shows its code here and waits.
 */
export function LoginChoices({
  notice,
  initialError = null,
  focusHeading = false,
  onLoggedIn,
}: {
  notice: string | null;
  initialError?: string | null;
  /** the view came after a step of the person's: its heading takes the focus */
  focusHeading?: boolean;
  onLoggedIn: () => void;
}) {
  const { t } = useTranslation('account');
  const { t: tv } = useTranslation('validation');
  const language = useLanguage();
  const client = useAccountClient();
  const navigate = useNavigate();
  const [banks, setBanks] = useState<readonly Institution[]>([]);
  const [personalCode, setPersonalCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(initialError);
  const [status, setStatus] = useState<string | null>(notice);
  const [busy, setBusy] = useState<string | null>(null);
  const [smartId, setSmartId] = useState<{ code: string; pollSecret: string } | null>(null);
  const [focusRequest, setFocusRequest] = useState(focusHeading ? 1 : 0);
  const heading = useRef<HTMLHeadingElement>(null);
  const codeInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    let current = true;
    client.institutions().then(
      (found) => current && setBanks([...found].sort(byOrder)),
      () => current && setBanks([]),
    );
    return () => {
      current = false;
    };
  }, [client]);

  useEffect(() => {
    if (focusRequest > 0 && !smartId) heading.current?.focus();
  }, [focusRequest, smartId]);

  /** Starts a login; a bank or eParaksts answer sends the browser to the provider. */
  const start = async (key: string, body: StartLoginBody) => {
    setError(null);
    setStatus(null);
    setBusy(key);
    try {
      const answer = await client.startLogin(body);
      if (answer.method === 'smartId') {
        setSmartId({ code: answer.verificationCode, pollSecret: answer.pollSecret });
        setBusy(null);
        return;
      }
      navigate(answer.redirectUrl);
    } catch (failure) {
      setError(errorMessage(failure, t, t('login.failed')));
      setBusy(null);
    }
  };

  const startSmartId = (event: FormEvent) => {
    event.preventDefault();
    if (busy !== null) return;
    if (!isValidPersonalCode(personalCode)) {
      setFieldError(tv('personalCode'));
      codeInput.current?.focus();
      return;
    }
    setFieldError(undefined);
    void start('smartId', { method: 'smartId', personalCode: normalizePersonalCode(personalCode), language });
  };

  if (smartId) {
    return (
      <SmartIdWait
        {...smartId}
        onDone={(outcome, failure) => {
          setSmartId(null);
          if (outcome === 'succeeded') {
            onLoggedIn();
            return;
          }
          if (outcome === 'cancelled') setStatus(t('login.cancelled'));
          else setError(isExplained(failure) ? t(`login.failures.${failure}`) : t('login.failed'));
          setFocusRequest((count) => count + 1);
        }}
      />
    );
  }

  /** While one login starts, the others wait; the one starting stays focusable and says it is busy. */
  const pressable = (key: string) => ({ isDisabled: busy !== null && busy !== key, isPending: busy === key });
  const featured = banks.filter((bank) => bank.featured);
  const others = banks.filter((bank) => !bank.featured);
  const bankItem = (bank: Institution) => (
    <li key={bank.id}>
      <Button
        variant="ghost"
        className="account-method"
        {...pressable(`bank:${bank.id}`)}
        onPress={() => void start(`bank:${bank.id}`, { method: 'bank', institutionId: bank.id, language })}
      >
        <img className="account-method__logo" src={bank.logo} alt="" width={32} height={32} />
        <span>{bank.name}</span>
        {busy === `bank:${bank.id}` ? <Spinner /> : null}
      </Button>
    </li>
  );
  const redirectingTo =
    busy === 'eSignature'
      ? t('login.eParaksts')
      : busy?.startsWith('bank:')
        ? banks.find((bank) => `bank:${bank.id}` === busy)?.name
        : undefined;

  return (
    <section className="account-login" aria-labelledby="account-login-heading">
      <p className="account-page__intro">{t('login.intro')}</p>
      <h2 id="account-login-heading" ref={heading} tabIndex={-1}>
        {t('login.heading')}
      </h2>
      {status ? <Alert tone="info">{status}</Alert> : null}
      {error ? <Alert>{error}</Alert> : null}
      <p className="visually-hidden" role="status">
        {redirectingTo ? t('login.redirecting', { name: redirectingTo }) : ''}
      </p>
      <div className="account-login__methods">
        <form className="account-login__method" onSubmit={startSmartId} noValidate>
          <h3>{t('login.smartId')}</h3>
          <TextField
            label={t('login.personalCode')}
            description={t('login.personalCodeHelp')}
            value={personalCode}
            onChange={setPersonalCode}
            error={fieldError}
            inputRef={codeInput}
            autoComplete="off"
            inputMode="numeric"
            maxLength={20}
            isRequired
          />
          <Button type="submit" {...pressable('smartId')}>
            {t('login.smartIdStart')}
            {busy === 'smartId' ? <Spinner /> : null}
          </Button>
        </form>
        {banks.length > 0 ? (
          <div className="account-login__method">
            <h3>{t('login.bankHeading')}</h3>
            <ul className="account-login__bank-list">{(featured.length > 0 ? featured : others).map(bankItem)}</ul>
            {featured.length > 0 && others.length > 0 ? (
              <Disclosure title={t('login.moreBanks')} headingLevel={4}>
                <ul className="account-login__bank-list">{others.map(bankItem)}</ul>
              </Disclosure>
            ) : null}
          </div>
        ) : null}
        <div className="account-login__method">
          <h3>{t('login.otherWays')}</h3>
          <Button
            variant="secondary"
            {...pressable('eSignature')}
            onPress={() => void start('eSignature', { method: 'eSignature', language })}
          >
            {t('login.eParaksts')}
            {busy === 'eSignature' ? <Spinner /> : null}
          </Button>
        </div>
      </div>
    </section>
  );
}
