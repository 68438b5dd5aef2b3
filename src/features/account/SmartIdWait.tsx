import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../api/account-client.ts';
import { Button } from '../../ui/Button.tsx';
import { useAccountClient } from './account-context.ts';

/** How long to wait between two asks; the server itself holds each ask a while (long polling). */
export const POLL_INTERVAL_MS = 1500;

const isRefusal = (failure: unknown): boolean =>
  failure instanceof ApiRequestError &&
  failure.status !== null &&
  failure.status >= 400 &&
  failure.status < 500 &&
  failure.status !== 408 &&
  failure.status !== 429;

export type SmartIdOutcome = 'succeeded' | 'failed' | 'cancelled';

/** The verification code to compare in the Smart-ID app, while the page asks whether the person confirmed. */
export function SmartIdWait({
  code,
  pollSecret,
  onDone,
}: {
  code: string;
  pollSecret: string;
  /** `failure`: the server's reason code of a failed login (refused, timeout, …), when it gave one */
  onDone: (outcome: SmartIdOutcome, failure: string | null) => void;
}) {
  const { t } = useTranslation('account');
  const client = useAccountClient();
  const heading = useRef<HTMLHeadingElement>(null);

  // the latest callback, without restarting the polling when the parent renders again
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });

  useEffect(() => heading.current?.focus(), []);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      timer = undefined;
      try {
        const answer = await client.pollLogin(pollSecret);
        if (stopped) return;
        if (answer.state !== 'pending') {
          stopped = true;
          done.current(answer.state, answer.failure);
          return;
        }
      } catch (failure) {
        if (stopped) return;
        // the server refused the ask itself (an unknown login): asking again will not help
        if (isRefusal(failure)) {
          stopped = true;
          done.current('failed', null);
          return;
        }
        // a lost answer is asked again
      }
      timer = setTimeout(() => void poll(), POLL_INTERVAL_MS);
    };
    void poll();
    return () => {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [client, pollSecret]);

  return (
    <section className="account-login account-login--waiting" aria-labelledby="account-smart-id-heading">
      <h2 id="account-smart-id-heading" ref={heading} tabIndex={-1}>
        {t('login.codeHeading')}
      </h2>
      <p>{t('login.codeHint')}</p>
      <p className="account-login__code">{code}</p>
      <p className="account-login__waiting" role="status">
        {t('login.waiting')}
      </p>
      <Button variant="secondary" onPress={() => onDone('cancelled', null)}>
        {t('login.cancel')}
      </Button>
    </section>
  );
}
