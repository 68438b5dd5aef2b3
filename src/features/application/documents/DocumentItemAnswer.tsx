import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { DocumentsClient } from '../../../api/documents-client.ts';
import { BANK_SHAREABLE_KINDS, type DocumentItem } from '../../../../domain/documents.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { LiveAnnouncer } from '../../../ui/LiveAnnouncer.tsx';
import { useLanguage } from '../../../i18n/use-language.ts';
import { BankSharing } from './BankSharing.tsx';
import { FileUploadArea } from './FileUploadArea.tsx';
import { ItemFiles } from './ItemFiles.tsx';
import { useItemAnswer } from './use-item-answer.ts';

/** What the lender asks for, in the person's words: a statement names its months. */
export const itemTitle = (t: TFunction<'requests'>, item: DocumentItem): string =>
  item.kind === 'bankStatement' ? t('kind.bankStatement', { count: item.months ?? 6 }) : t(`kind.${item.kind}`);

/** One item of a request: what is asked, then its answer (bank data or files) and the send, while it is open. */
export function DocumentItemAnswer({
  client,
  token,
  requestId,
  item,
  open,
}: {
  client: DocumentsClient;
  token: string;
  requestId: string;
  item: DocumentItem;
  /** the request takes answers (not expired) */
  open: boolean;
}) {
  const { t } = useTranslation('requests');
  const language = useLanguage();
  const answer = useItemAnswer({ client, token, requestId, item, language });
  const [sharing, setSharing] = useState(false);
  const itemState = answer.sent && item.state === 'open' ? 'sent' : item.state;
  const answering = open && itemState === 'open';
  const busy = answer.busy || sharing;
  const uploading = answer.pending.some((upload) => !upload.error);
  const shareable = BANK_SHAREABLE_KINDS.includes(item.kind);
  const shared = item.bankShare?.state === 'ready';

  return (
    <div className="document-item">
      <h3 className="document-item__title">{itemTitle(t, item)}</h3>
      {item.text ? <p className="document-item__text">{item.text}</p> : null}
      {answering ? null : (
        <p className={`document-item__state document-item__state--${itemState}`}>{t(`state.${itemState}`)}</p>
      )}
      <LiveAnnouncer message={answer.announcement} />
      {answering && shareable ? (
        <BankSharing client={client} token={token} requestId={requestId} item={item} busy={busy} onBusy={setSharing} />
      ) : null}
      {answering && shareable && !shared ? <p className="document-item__or">{t('or')}</p> : null}
      {answering && !shared ? (
        <div className="document-item__upload">
          <h4>{t('upload.heading')}</h4>
          <FileUploadArea onFiles={answer.addFiles} isDisabled={busy} />
        </div>
      ) : null}
      {answer.error ? <Alert>{answer.error}</Alert> : null}
      <ItemFiles
        files={answer.files}
        pending={answer.pending}
        names={answer.names}
        removable={answering && !shared}
        busy={busy}
        onRemove={(fileId) => void answer.remove(fileId)}
        onDismiss={answer.dismissPending}
      />
      {answering && answer.files.length > 0 ? (
        <div className="document-item__send">
          <Button isDisabled={busy || uploading} onPress={() => void answer.send()}>
            {t('send.button')}
          </Button>
          <p className="screen__note">{t('send.hint')}</p>
        </div>
      ) : null}
      {answer.sent ? <p className="notice">{t('send.done')}</p> : null}
    </div>
  );
}
