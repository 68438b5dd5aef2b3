import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../api/broker-client.ts';
import type { DocumentsClient } from '../../../api/documents-client.ts';
import { DOCUMENT_UPLOAD_LIMITS, type DocumentFile, type DocumentItem } from '../../../../domain/documents.ts';
import type { Language } from '../../../../domain/language.ts';

/** A file on its way up: its name (only this page knows it), how far it is, or why it failed. */
export interface PendingUpload {
  readonly key: string;
  readonly name: string;
  readonly sent: number;
  readonly error: string | null;
}

export interface ItemAnswer {
  /** the item's files as the server holds them */
  readonly files: readonly DocumentFile[];
  readonly pending: readonly PendingUpload[];
  /** names of the files chosen on this page; the server keeps none */
  readonly names: ReadonlyMap<string, string>;
  /** a refusal of the person's choice, or of the last action, in their language */
  readonly error: string | null;
  readonly announcement: string;
  readonly busy: boolean;
  readonly sent: boolean;
  addFiles(files: readonly File[]): void;
  remove(fileId: string): Promise<void>;
  send(): Promise<void>;
  dismissPending(key: string): void;
}

export interface ItemAnswerInput {
  readonly client: DocumentsClient;
  readonly token: string;
  readonly requestId: string;
  readonly item: DocumentItem;
  readonly language: Language;
}

const ACCEPTED = new Set<string>(DOCUMENT_UPLOAD_LIMITS.contentTypes);

/** The server's words for a refusal; ours when no answer came. */
function useReason() {
  const { t } = useTranslation('requests');
  return useCallback(
    (error: unknown) =>
      error instanceof ApiRequestError && error.status !== null && error.message ? error.message : t('errors.network'),
    [t],
  );
}

/**
 * One item of a documents request, answered from this page: files checked here first (type, size, count, so
 * nothing too big leaves the phone), uploaded one by one with their progress, removed, then the item sent. The
 * server's answer after each step is the truth; the status overrides it when it changes.
 */
export function useItemAnswer({ client, token, requestId, item, language }: ItemAnswerInput): ItemAnswer {
  const { t } = useTranslation('requests');
  const reason = useReason();
  const [files, setFiles] = useState<readonly DocumentFile[]>(item.files);
  const [pending, setPending] = useState<readonly PendingUpload[]>([]);
  const [names, setNames] = useState<ReadonlyMap<string, string>>(new Map());
  const [error, setError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const counter = useRef(0);

  // the status changed (another tab, the bank's statement, the lender's receipt): it knows best
  const statusFiles = JSON.stringify(item.files);
  const [seenStatusFiles, setSeenStatusFiles] = useState(statusFiles);
  if (seenStatusFiles !== statusFiles) {
    setSeenStatusFiles(statusFiles);
    setFiles(item.files);
  }

  const update = (key: string, change: Partial<PendingUpload>) =>
    setPending((list) => list.map((entry) => (entry.key === key ? { ...entry, ...change } : entry)));

  const uploadOne = async (file: File, key: string) => {
    try {
      const answer = await client.upload({ token, requestId, itemId: item.id }, file, (share) =>
        update(key, { sent: share }),
      );
      setFiles(answer.files);
      setNames((known) => new Map(known).set(answer.file.id, file.name));
      setPending((list) => list.filter((entry) => entry.key !== key));
      setAnnouncement(t('upload.uploaded', { name: file.name }));
    } catch (failure) {
      const text = t('errors.failed', { name: file.name, reason: reason(failure) });
      update(key, { error: text });
      setAnnouncement(text);
    }
  };

  const addFiles = (chosen: readonly File[]) => {
    setError(null);
    const problems: string[] = [];
    let room = DOCUMENT_UPLOAD_LIMITS.maxFilesPerItem - files.length - pending.filter((p) => !p.error).length;
    const accepted: { file: File; key: string }[] = [];
    for (const file of chosen) {
      if (!ACCEPTED.has(file.type)) problems.push(t('errors.type', { name: file.name }));
      else if (file.size > DOCUMENT_UPLOAD_LIMITS.maxFileBytes) problems.push(t('errors.size', { name: file.name }));
      else if (room <= 0) problems.push(t('errors.count'));
      else {
        room -= 1;
        counter.current += 1;
        accepted.push({ file, key: `upload-${counter.current}` });
      }
    }
    if (problems.length > 0) {
      const text = [...new Set(problems)].join(' ');
      setError(text);
      setAnnouncement(text);
    }
    if (accepted.length === 0) return;
    setPending((list) => [
      ...list,
      ...accepted.map(({ file, key }) => ({ key, name: file.name, sent: 0, error: null })),
    ]);
    // one at a time: a phone's uplink is better spent finishing one file than sharing it among five
    void accepted.reduce((previous, { file, key }) => previous.then(() => uploadOne(file, key)), Promise.resolve());
  };

  const remove = async (fileId: string) => {
    setBusy(true);
    setError(null);
    try {
      await client.remove({ token, fileId, language });
      setFiles((list) => list.filter((file) => file.id !== fileId));
      setAnnouncement(t('upload.removed', { name: names.get(fileId) ?? '' }).trim());
    } catch (failure) {
      setError(t('errors.action', { reason: reason(failure) }));
    } finally {
      setBusy(false);
    }
  };

  const send = async () => {
    setBusy(true);
    setError(null);
    try {
      await client.send({ token, requestId, itemId: item.id, language });
      setSent(true);
      setAnnouncement(t('send.done'));
    } catch (failure) {
      setError(t('errors.action', { reason: reason(failure) }));
    } finally {
      setBusy(false);
    }
  };

  const dismissPending = (key: string) => setPending((list) => list.filter((entry) => entry.key !== key));

  return { files, pending, names, error, announcement, busy, sent, addFiles, remove, send, dismissPending };
}
