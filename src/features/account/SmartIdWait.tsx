import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { useAccountClient } from './account-context.ts';
import { useFocusOnChange } from './use-focus-on-change.ts';

/** The verification code to compare in the Smart-ID app, while the page asks whether the person confirmed. */
export function SmartIdWait({
  code,
  pollSecret,
  onDone,
}: {
  code: string;
  pollSecret: string;
  onDone: (outcome: 'succeeded' | 'failed' | 'cancelled') => void;
}) {
  const { t } = useTranslation('account');
  const client = useAccountClient();
  const heading = useFocusOnChange<HTMLHeadingElement>(null);

  // the latest callback, without restarting the polling when the parent renders again
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });

  useEffect(() => heading.current?.focus(), [heading]);

  useEffect(() => {
    let stopped = false;
    const poll = async () => {
      while (!stopped) {
        try {
          const answer = await client.pollLogin(pollSecret);
          if (stopped) return;
          if (answer.state !== 'pending') {
            done.current(answer.state);
            return;
          }
        } catch {
          // a lost answer is asked again; the server answers a finished login as failed
        }
        await new Promise((resolve) => setTimeout(resolve, 1500));
      }
    };
    void poll();
    return () => {
      stopped = true;
    };
  }, [client, pollSecret]);

  return (
    <section className="account-login account-login--waiting" aria-labelledby="account-smart-id-heading">
      <h2 id="account-smart-id-heading" ref={heading} tabIndex={-1}>
        {t('login.codeHeading')}
      </h2>
      <p>{t('login.codeHint')}</p>
      <p className="verification__code account-login__code">{code}</p>
      <p role="status">{t('login.waiting')}</p>
      <Button variant="ghost" onPress={() => onDone('cancelled')}>
        {t('login.cancel')}
      </Button>
    </section>
  );
}
