import { useState } from 'react';
import { Dialog, DialogTrigger, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import type { EraseAnswer } from '../../../domain/account-api.ts';
import { exportPersonData } from '../../../domain/contract/account.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { useAccountClient } from './account-context.ts';
import { errorMessage } from './error-message.ts';

/** Download everything held about me (GDPR access, portability) or erase it, after a confirmation. */
export function MyData({ onErased }: { onErased: (answer: EraseAnswer) => void }) {
  const { t } = useTranslation('account');
  const client = useAccountClient();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const erase = async (close: () => void) => {
    setBusy(true);
    try {
      const answer = await client.erase();
      close();
      onErased(answer);
    } catch (failure) {
      setError(errorMessage(failure, t, t('myData.failed')));
      setBusy(false);
      close();
    }
  };

  return (
    <section className="account-section" aria-labelledby="account-data-heading">
      <h2 id="account-data-heading">{t('myData.heading')}</h2>
      <p>{t('myData.intro')}</p>
      {error ? <Alert>{error}</Alert> : null}
      <div className="account-actions">
        <a className="button button--secondary" href={exportPersonData.path} download>
          {t('myData.export')}
        </a>
        <DialogTrigger>
          <Button variant="ghost">{t('myData.erase')}</Button>
          <ModalOverlay className="account-dialog__overlay" isDismissable>
            <Modal className="account-dialog">
              <Dialog role="alertdialog" className="account-dialog__body">
                {({ close }) => (
                  <>
                    <Heading slot="title">{t('myData.confirmHeading')}</Heading>
                    <p>{t('myData.confirmText')}</p>
                    <div className="account-actions">
                      <Button variant="primary" isDisabled={busy} onPress={() => void erase(close)}>
                        {t('myData.confirm')}
                      </Button>
                      <Button variant="secondary" autoFocus onPress={close}>
                        {t('myData.keep')}
                      </Button>
                    </div>
                  </>
                )}
              </Dialog>
            </Modal>
          </ModalOverlay>
        </DialogTrigger>
      </div>
    </section>
  );
}
