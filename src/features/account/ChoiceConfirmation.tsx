import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';

/**
 * The confirmation before an offer is chosen from the account, in the offer's own card where its Choose button
 * was: whose offer, that choosing binds to nothing until the contract is signed, and the two answers. The focus
 * comes to the question, so a screen reader says it and Tab reaches the answers next.
 */
export function ChoiceConfirmation({
  lender,
  busy,
  onConfirm,
  onCancel,
}: {
  lender: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['account', 'offers']);
  const questionId = useId();
  const question = useRef<HTMLParagraphElement>(null);
  useEffect(() => question.current?.focus(), []);
  return (
    <div className="account-confirm" role="group" aria-labelledby={questionId}>
      <p id={questionId} ref={question} tabIndex={-1} className="account-confirm__question">
        {t('applications.confirmChoice', { lender })}
      </p>
      <p className="account-confirm__note">{t('offers:noObligation')}</p>
      <div className="account-actions">
        <Button isDisabled={busy} isPending={busy} onPress={onConfirm}>
          {t('applications.confirm')}
        </Button>
        <Button variant="ghost" isDisabled={busy} onPress={onCancel}>
          {t('applications.cancel')}
        </Button>
      </div>
    </div>
  );
}
