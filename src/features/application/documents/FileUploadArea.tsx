import { useId } from 'react';
import { DropZone, FileTrigger, Text, type DropZoneProps } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button.tsx';
import { DOCUMENT_UPLOAD_LIMITS } from '../../../../domain/documents.ts';

type DropEvent = Parameters<NonNullable<DropZoneProps['onDrop']>>[0];

const ACCEPTED = [...DOCUMENT_UPLOAD_LIMITS.contentTypes];

async function droppedFiles(event: DropEvent): Promise<File[]> {
  const files: File[] = [];
  for (const item of event.items) {
    if (item.kind === 'file') files.push(await item.getFile());
  }
  return files;
}

/**
 * Where files come in: dropped on the zone, chosen with the picker, or taken with the phone's back camera. The
 * zone is react-aria's, so a keyboard or a screen reader reaches the same choice through its buttons.
 */
export function FileUploadArea({
  onFiles,
  isDisabled,
}: {
  onFiles: (files: readonly File[]) => void;
  isDisabled: boolean;
}) {
  const { t } = useTranslation('requests');
  const rulesId = useId();
  const add = (list: FileList | null) => {
    if (list && list.length > 0) onFiles([...list]);
  };
  return (
    <DropZone
      className={({ isDropTarget }) => `upload-zone${isDropTarget ? ' upload-zone--target' : ''}`}
      aria-label={t('upload.drop')}
      isDisabled={isDisabled}
      onDrop={(event) => void droppedFiles(event).then(onFiles)}
    >
      <Text slot="label" className="upload-zone__hint">
        {t('upload.drop')}
      </Text>
      <div className="upload-zone__buttons">
        <FileTrigger acceptedFileTypes={ACCEPTED} allowsMultiple onSelect={add}>
          <Button variant="secondary" isDisabled={isDisabled} aria-describedby={rulesId}>
            {t('upload.choose')}
          </Button>
        </FileTrigger>
        <FileTrigger acceptedFileTypes={['image/jpeg', 'image/png']} defaultCamera="environment" onSelect={add}>
          <Button variant="secondary" isDisabled={isDisabled} aria-describedby={rulesId}>
            {t('upload.camera')}
          </Button>
        </FileTrigger>
      </div>
      <p id={rulesId} className="upload-zone__rules">
        {t('upload.rules')}
      </p>
    </DropZone>
  );
}
