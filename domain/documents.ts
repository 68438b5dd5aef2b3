import { z } from 'zod';

/**
 * What a lender may ask for before it makes an offer (spec: individual entrepreneurs "must show income
 * documents on request"; the FAQ: "a bank statement for the last 6 months may be required").
 */
export const DOCUMENT_KINDS = [
  'bankStatement',
  'incomeProof',
  'employmentContract',
  'businessIncome',
  'other',
] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** The kinds a person may answer by sharing account data from their bank instead of uploading a file. */
export const BANK_SHAREABLE_KINDS: readonly DocumentKind[] = ['bankStatement', 'incomeProof'];

/** open: waiting for the person · sent: the person answered, on its way to the lender · received: the lender acknowledged · expired: the due date passed. */
export const DOCUMENT_REQUEST_STATES = ['open', 'sent', 'received', 'expired'] as const;
export type DocumentRequestState = (typeof DOCUMENT_REQUEST_STATES)[number];

/** What a person may upload for one item. */
export const DOCUMENT_UPLOAD_LIMITS = {
  maxFileBytes: 10 * 1024 * 1024,
  maxFilesPerItem: 5,
  contentTypes: ['application/pdf', 'image/jpeg', 'image/png'],
} as const;

/** A statement asks for whole months, at most two years back. */
export const STATEMENT_MONTHS_MAX = 24;

/** One item of a request as the status answer shows it; `text` is the lender's words in the application's language. */
export const documentItemSchema = z.object({
  id: z.uuid(),
  kind: z.enum(DOCUMENT_KINDS),
  months: z.number().int().min(1).max(STATEMENT_MONTHS_MAX).optional(),
  text: z.string().max(500).optional(),
});
export type DocumentItem = z.infer<typeof documentItemSchema>;

/** A lender's documents request, in the status answer under its lender. */
export const documentRequestSchema = z.object({
  id: z.uuid(),
  items: z.array(documentItemSchema).min(1).max(10),
  dueAt: z.iso.datetime(),
  state: z.enum(DOCUMENT_REQUEST_STATES),
});
export type DocumentRequest = z.infer<typeof documentRequestSchema>;

/** One file the person uploaded for an item, as the upload answers it. */
export const documentFileSchema = z.object({
  id: z.uuid(),
  contentType: z.enum(DOCUMENT_UPLOAD_LIMITS.contentTypes),
  bytes: z.number().int().min(0),
});
export type DocumentFile = z.infer<typeof documentFileSchema>;

/** What an upload answers: the file kept, and every file of its item so far. */
export const uploadDocumentAnswerSchema = z.object({
  file: documentFileSchema,
  files: z.array(documentFileSchema).max(DOCUMENT_UPLOAD_LIMITS.maxFilesPerItem),
});
export type UploadDocumentAnswer = z.infer<typeof uploadDocumentAnswerSchema>;
