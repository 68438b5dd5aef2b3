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

/** open: the person may add and remove files · sent: on its way to the lender · received: the lender acknowledged it. */
export const DOCUMENT_ITEM_STATES = ['open', 'sent', 'received'] as const;
export type DocumentItemState = (typeof DOCUMENT_ITEM_STATES)[number];

/** Where a file of an item came from: the person's upload, or the statement the broker made from shared bank data. */
export const DOCUMENT_FILE_ORIGINS = ['upload', 'bank'] as const;

/** One file the person uploaded for an item, as the upload answers it. */
export const documentFileSchema = z.object({
  id: z.uuid(),
  contentType: z.enum(DOCUMENT_UPLOAD_LIMITS.contentTypes),
  bytes: z.number().int().min(0),
  origin: z.enum(DOCUMENT_FILE_ORIGINS).optional(),
});
export type DocumentFile = z.infer<typeof documentFileSchema>;

/** The regular income the broker found in shared bank data (server/documents/bank-statement-income.ts). */
export const INCOME_KINDS = ['salary', 'selfEmployment', 'otherRegular'] as const;
const incomeMonthSchema = z.object({
  /** YYYY-MM */
  month: z.string().regex(/^\d{4}-\d{2}$/),
  amountCents: z.number().int(),
  complete: z.boolean(),
});
export const incomeSummarySchema = z.object({
  period: z.object({ from: z.iso.date(), to: z.iso.date() }),
  sources: z.array(
    z.object({
      kind: z.enum(INCOME_KINDS),
      payers: z.array(z.string()),
      byMonth: z.array(incomeMonthSchema),
      paymentCount: z.number().int().min(0),
      monthlyAverageCents: z.number().int(),
    }),
  ),
  byMonth: z.array(incomeMonthSchema),
  monthlyAverageCents: z.number().int(),
  mainKind: z.enum(INCOME_KINDS).nullable(),
});
export type IncomeSummaryAnswer = z.infer<typeof incomeSummarySchema>;

/**
 * started: the person was sent to the bank · ready: the data was read, the statement (a file of the item, origin
 * `bank`) and the summary wait for the person to send or cancel · failed: see `failure`.
 */
export const BANK_SHARE_STATES = ['started', 'ready', 'failed'] as const;
/** Why a sharing ended without data; `otherBrowser`: the bank's return came to a browser that did not start it. */
export const BANK_SHARE_FAILURES = [
  'bankUnavailable',
  'notApproved',
  'consentEnded',
  'badAnswer',
  'otherBrowser',
] as const;
export type BankShareFailure = (typeof BANK_SHARE_FAILURES)[number];

/** The latest sharing of bank data for an item, as the status shows it. */
export const bankShareSchema = z.object({
  id: z.uuid(),
  institutionId: z.string(),
  state: z.enum(BANK_SHARE_STATES),
  failure: z.enum(BANK_SHARE_FAILURES).nullable(),
  /** when ready: what the lender will read first */
  summary: incomeSummarySchema.nullable(),
  /** when ready: the statement's file among the item's files */
  fileId: z.uuid().nullable(),
});
export type BankShare = z.infer<typeof bankShareSchema>;

/**
 * One item of a request as the status answer shows it; `text` is the lender's words in the application's language.
 * `files` and `bankShare` let the person pick up where they left it, in any browser.
 */
export const documentItemSchema = z.object({
  id: z.uuid(),
  kind: z.enum(DOCUMENT_KINDS),
  months: z.number().int().min(1).max(STATEMENT_MONTHS_MAX).optional(),
  text: z.string().max(500).optional(),
  state: z.enum(DOCUMENT_ITEM_STATES),
  files: z.array(documentFileSchema).max(DOCUMENT_UPLOAD_LIMITS.maxFilesPerItem),
  bankShare: bankShareSchema.nullable(),
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

/** What an upload answers: the file kept, and every file of its item so far. */
export const uploadDocumentAnswerSchema = z.object({
  file: documentFileSchema,
  files: z.array(documentFileSchema).max(DOCUMENT_UPLOAD_LIMITS.maxFilesPerItem),
});
export type UploadDocumentAnswer = z.infer<typeof uploadDocumentAnswerSchema>;
