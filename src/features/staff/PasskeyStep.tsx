import { startAuthentication, startRegistration, browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffMe } from '../../../domain/staff-api.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { messageOf, useStaffClient } from './staff-context.ts';

/**
 * Login with a passkey, or enrolling one from a one-time link: one button that asks the browser's authenticator.
 * The browser's own dialog does the rest; a cancelled dialog is said so, not called an error of ours.
 */
export function PasskeyStep({
  mode,
  token,
  onDone,
}: {
  mode: 'login' | 'enrol';
  token?: string;
  onDone: (me: StaffMe) => void;
}) {
  const { t } = useTranslation('staff');
  const client = useStaffClient();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async () => {
    setPending(true);
    setError(null);
    try {
      if (!browserSupportsWebAuthn()) throw new Error(t('errors.unsupported'));
      if (mode === 'enrol' && token) {
        const optionsJSON = await client.enrolmentOptions(token);
        const response = await startRegistration({ optionsJSON: optionsJSON as never });
        onDone(await client.enrol(token, response));
      } else {
        const optionsJSON = await client.loginOptions();
        const response = await startAuthentication({ optionsJSON: optionsJSON as never });
        onDone(await client.logIn(response));
      }
    } catch (caught) {
      const cancelled = caught instanceof Error && caught.name === 'NotAllowedError';
      setError(cancelled ? t(`${mode}.cancelled`) : messageOf(caught, t('errors.generic')));
    } finally {
      setPending(false);
    }
  };

  return (
    <section className="staff-card" aria-labelledby={`staff-${mode}-heading`}>
      <h2 id={`staff-${mode}-heading`}>{t(`${mode}.heading`)}</h2>
      <p>{t(`${mode}.intro`)}</p>
      {error ? <Alert>{error}</Alert> : null}
      <Button onPress={() => void run()} isPending={pending}>
        {t(`${mode}.button`)}
      </Button>
    </section>
  );
}
