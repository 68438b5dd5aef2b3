import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPhoneForDisplay, isValidPhone, normalizePhone } from '../../../domain/phone.ts';
import { createAccountClient, type AccountClient } from '../../api/account-client.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useLanguage } from '../../i18n/use-language.ts';
import './account.css';
import { errorMessage } from './error-message.ts';
import { useFocusOnChange } from './use-focus-on-change.ts';
import { useHydrated } from './use-hydrated.ts';

type Step = 'phone' | 'code' | 'done';

/** The footer's SMS opt-out: a phone number, a code sent to it, done. What was typed stays on errors. */
export function SmsOptOut({ client: given }: { client?: AccountClient }) {
  const { t } = useTranslation('account');
  const { t: tv } = useTranslation('validation');
  const lang = useLanguage();
  const client = useMemo(() => given ?? createAccountClient(lang), [given, lang]);
  const [step, setStep] = useState<Step>('phone');
  const [phone, setPhone] = useState('+371');
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const status = useFocusOnChange<HTMLParagraphElement>(step);
  const hydrated = useHydrated();
  const shown = formatPhoneForDisplay(normalizePhone(phone));

  /** One step's submission: the field checked, then the request; the next step once it is answered. */
  const submit = async (valid: boolean, invalid: string, request: () => Promise<void>, next: Step) => {
    if (!valid) {
      setFieldError(invalid);
      return;
    }
    setFieldError(undefined);
    setError(null);
    setBusy(true);
    try {
      await request();
      setStep(next);
    } catch (failure) {
      setError(errorMessage(failure, t, t('errors.network')));
    }
    setBusy(false);
  };
  const send = (event?: FormEvent) => {
    event?.preventDefault();
    return submit(isValidPhone(phone), tv('phone'), () => client.startSmsOptOut(normalizePhone(phone)), 'code');
  };
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    return submit(
      /^\d{6}$/.test(typed),
      tv('smsCode'),
      () => client.confirmSmsOptOut(normalizePhone(phone), typed),
      'done',
    );
  };

  return (
    <div className="account-form" data-hydrated={hydrated ? '' : undefined}>
      {error ? <Alert>{error}</Alert> : null}
      {step === 'phone' ? (
        <PhoneStep
          phone={phone}
          onChange={setPhone}
          error={fieldError}
          disabled={busy || !hydrated}
          onSubmit={(event) => void send(event)}
        />
      ) : null}
      {step === 'code' ? (
        <form onSubmit={(event) => void confirm(event)} noValidate>
          <p role="status" ref={status} tabIndex={-1}>
            {t('smsOptOut.sent', { phone: shown })}
          </p>
          <TextField
            label={t('smsOptOut.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={setCode}
            error={fieldError}
            maxLength={6}
            isRequired
          />
          <div className="account-actions">
            <Button type="submit" isDisabled={busy}>
              {t('smsOptOut.confirm')}
            </Button>
            <Button variant="ghost" isDisabled={busy} onPress={() => void send()}>
              {t('smsOptOut.again')}
            </Button>
          </div>
        </form>
      ) : null}
      {step === 'done' ? (
        <p role="status" ref={status} tabIndex={-1} className="alert alert--success">
          {t('smsOptOut.done', { phone: shown })}
        </p>
      ) : null}
    </div>
  );
}

/** The first step: the phone number the codes and messages go to. */
function PhoneStep({
  phone,
  onChange,
  error,
  disabled,
  onSubmit,
}: {
  phone: string;
  onChange: (phone: string) => void;
  error: string | undefined;
  disabled: boolean;
  onSubmit: (event: FormEvent) => void;
}) {
  const { t } = useTranslation('account');
  return (
    <form onSubmit={onSubmit} noValidate>
      <TextField
        label={t('smsOptOut.phone')}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        value={phone}
        onChange={onChange}
        error={error}
        maxLength={24}
        isRequired
      />
      <Button type="submit" isDisabled={disabled}>
        {t('smsOptOut.send')}
      </Button>
    </form>
  );
}
