import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LenderStatus } from '../../../../domain/api.ts';
import { REVIEW_MESSAGE_MAX } from '../../../../domain/review-message.ts';
import { workflowErrorOf } from '../../../../machines/workflow-error.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { formatDate } from '../../../ui/format-date.ts';
import { useWorkflow } from '../workflow-context.tsx';
import { useWorkflowServices } from '../workflow-services.tsx';
import { SCREEN_NAMESPACES } from '../workflow-resources.ts';
import { useApiErrorText } from './shared.tsx';
import { useLanguage } from '../../../i18n/use-language.ts';

/**
 * The lenders that said no, each with its reason in plain words and the right the directive gives: to ask that
 * lender for a human to look at the application again and explain the decision. The request and the lender's
 * answer show here as the status brings them.
 */
export function DeclinedLenders({ lenders }: { lenders: readonly LenderStatus[] }) {
  const { t } = useTranslation(SCREEN_NAMESPACES);
  const headingId = useId();
  return (
    <section className="declined" aria-labelledby={headingId}>
      <h2 id={headingId} className="offer-group__heading">
        {t('declined.heading', { count: lenders.length })}
      </h2>
      <p className="screen__note">{t('declined.lead')}</p>
      <ul className="declined__list">
        {lenders.map((lender) => (
          <li key={lender.lenderId} className="declined__item">
            <DeclinedLender lender={lender} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function DeclinedLender({ lender }: { lender: LenderStatus }) {
  const { t } = useTranslation(SCREEN_NAMESPACES);
  const lang = useLanguage();
  const services = useWorkflowServices();
  const token = useWorkflow((snapshot) => snapshot.context.token);
  const errorText = useApiErrorText();
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const review = lender.review;
  const messageRef = useRef<HTMLInputElement>(null);
  // the button that opened the form is gone: the keyboard goes on in the message field
  useEffect(() => {
    if (open) messageRef.current?.focus();
  }, [open]);

  const send = async () => {
    if (!services || !token || sending) return;
    setSending(true);
    setError(null);
    try {
      await services.requestReview({
        token,
        lenderId: lender.lenderId,
        language: lang,
        ...(message.trim() ? { message: message.trim() } : {}),
      });
      // the status brings the request; the form closes when it does
    } catch (caught) {
      setError(errorText(workflowErrorOf(caught)) ?? t('declined.failed'));
    } finally {
      setSending(false);
    }
  };

  return (
    <article className="declined__lender" aria-label={lender.name}>
      <h3 className="declined__name">
        <img className="declined__logo" src={lender.logo} alt="" width={32} height={32} />
        {lender.name}
      </h3>
      <p>{t(`declined.reason.${lender.declineReason ?? 'other'}`)}</p>
      {review?.state === 'pending' ? (
        <p className="declined__review" role="status">
          {t('declined.pending', { date: formatDate(lang, review.requestedAt) })}
        </p>
      ) : null}
      {review && review.state !== 'pending' ? (
        <div className="declined__review" role="status">
          <p className="declined__outcome">{t(`declined.outcome.${review.state}`)}</p>
          {review.explanation ? <blockquote className="declined__explanation">{review.explanation}</blockquote> : null}
        </div>
      ) : null}
      {!review && services && !open ? (
        <Button variant="secondary" onPress={() => setOpen(true)}>
          {t('declined.ask')}
        </Button>
      ) : null}
      {!review && open ? (
        <form
          className="declined__form"
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          {error ? <Alert>{error}</Alert> : null}
          <TextField
            label={t('declined.messageLabel', { lender: lender.name })}
            description={t('declined.messageHelp')}
            value={message}
            onChange={setMessage}
            maxLength={REVIEW_MESSAGE_MAX}
            inputRef={messageRef}
          />
          <Button type="submit" isPending={sending}>
            {t('declined.send', { lender: lender.name })}
            {sending ? <Spinner /> : null}
          </Button>
        </form>
      ) : null}
    </article>
  );
}
