import { useTranslation } from 'react-i18next';
import type { DocumentFile } from '../../../../domain/documents.ts';
import { Button } from '../../../ui/Button.tsx';
import { formatFileSize } from '../../../ui/format.ts';
import { ProgressBar } from '../../../ui/ProgressBar.tsx';
import { useLanguage } from '../../../i18n/use-language.ts';
import type { PendingUpload } from './use-item-answer.ts';

const TYPE_NAMES: Record<DocumentFile['contentType'], string> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
};

/** The name a file goes by here: the one chosen on this page, the bank's statement, else its place in the list. */
export function useFileName(names: ReadonlyMap<string, string>) {
  const { t } = useTranslation('requests');
  return (file: DocumentFile, index: number): string =>
    names.get(file.id) ?? (file.origin === 'bank' ? t('file.bankStatement') : t('file.unnamed', { number: index + 1 }));
}

/** The item's files, each with its type, size and (while the item is open) a way to remove it; then the uploads. */
export function ItemFiles({
  files,
  pending,
  names,
  removable,
  busy,
  onRemove,
  onDismiss,
}: {
  files: readonly DocumentFile[];
  pending: readonly PendingUpload[];
  names: ReadonlyMap<string, string>;
  removable: boolean;
  busy: boolean;
  onRemove: (fileId: string) => void;
  onDismiss: (key: string) => void;
}) {
  const { t } = useTranslation('requests');
  const lang = useLanguage();
  const nameOf = useFileName(names);
  if (files.length === 0 && pending.length === 0) return null;
  return (
    <ul className="item-files" aria-label={t('file.list')}>
      {files.map((file, index) => {
        const name = nameOf(file, index);
        return (
          <li key={file.id} className="item-files__file">
            <span className="item-files__name">{name}</span>
            <span className="item-files__details">
              {t('file.details', { type: TYPE_NAMES[file.contentType], size: formatFileSize(lang, file.bytes) })}
            </span>
            {removable ? (
              <Button
                variant="ghost"
                isDisabled={busy}
                aria-label={t('file.removeLabel', { name })}
                onPress={() => onRemove(file.id)}
              >
                {t('file.remove')}
              </Button>
            ) : null}
          </li>
        );
      })}
      {pending.map((upload) => (
        <li key={upload.key} className="item-files__file item-files__file--pending">
          {upload.error ? (
            <>
              <span className="item-files__error" role="alert">
                {upload.error}
              </span>
              <Button
                variant="ghost"
                aria-label={t('file.removeLabel', { name: upload.name })}
                onPress={() => onDismiss(upload.key)}
              >
                {t('file.remove')}
              </Button>
            </>
          ) : (
            <ProgressBar
              label={t('upload.progress', { name: upload.name })}
              value={Math.round(upload.sent * 100)}
              maxValue={100}
            />
          )}
        </li>
      ))}
    </ul>
  );
}
