import { z } from 'zod';
import { answerLanguageSchema, tokenSchema } from './api.ts';
import { DOCUMENT_UPLOAD_LIMITS } from './documents.ts';
import { TOKEN_PATTERN } from './token.ts';

/**
 * The requests of a person's answer to a lender's documents request: uploading a file for an item, removing
 * one before sending, sending the item. The token is the credential, as everywhere in the wizard.
 */

/** The form fields of an upload, which come before its file part. */
export const uploadDocumentFieldsSchema = z.strictObject({
  token: tokenSchema,
  requestId: z.uuid({ error: 'invalidValue' }),
  itemId: z.uuid({ error: 'invalidValue' }),
});
export type UploadDocumentFields = z.infer<typeof uploadDocumentFieldsSchema>;

/** The multipart body of an upload as JSON Schema: the document describes it, the route reads it as a stream. */
export const uploadDocumentMultipartSchema = {
  type: 'object',
  required: ['token', 'requestId', 'itemId', 'file'],
  properties: {
    token: { type: 'string', pattern: TOKEN_PATTERN.source, description: "the application's token" },
    requestId: { type: 'string', format: 'uuid', description: "the lender's documents request" },
    itemId: { type: 'string', format: 'uuid', description: 'the item of that request the file answers' },
    file: {
      type: 'string',
      format: 'binary',
      description:
        `PDF, JPEG or PNG, at most ${DOCUMENT_UPLOAD_LIMITS.maxFileBytes / 1024 / 1024} MB, judged by its content ` +
        '(not its name or declared type); sent after the three fields',
    },
  },
} as const;

export const removeDocumentBodySchema = z.strictObject({
  token: tokenSchema,
  fileId: z.uuid({ error: 'invalidValue' }),
  language: answerLanguageSchema,
});
export type RemoveDocumentBody = z.infer<typeof removeDocumentBodySchema>;

export const sendDocumentsBodySchema = z.strictObject({
  token: tokenSchema,
  requestId: z.uuid({ error: 'invalidValue' }),
  itemId: z.uuid({ error: 'invalidValue' }),
  language: answerLanguageSchema,
});
export type SendDocumentsBody = z.infer<typeof sendDocumentsBodySchema>;

export const sendDocumentsAnswerSchema = z.object({
  itemId: z.uuid(),
  state: z.literal('sent'),
  /** whether every item of the request is now answered */
  requestAnswered: z.boolean(),
});
export type SendDocumentsAnswer = z.infer<typeof sendDocumentsAnswerSchema>;

/** Where the bank sends the person back after a sharing: the wizard, the account, or a widget's tab that closes. */
export const BANK_SHARING_RETURNS = ['wizard', 'account', 'widget'] as const;
export type BankSharingReturn = (typeof BANK_SHARING_RETURNS)[number];

/** Share account data from a bank instead of uploading a statement: for `bankStatement` and `incomeProof` items. */
export const startBankSharingBodySchema = z.strictObject({
  token: tokenSchema,
  requestId: z.uuid({ error: 'invalidValue' }),
  itemId: z.uuid({ error: 'invalidValue' }),
  institutionId: z.string({ error: 'invalidValue' }).min(1, { error: 'required' }).max(64, { error: 'invalidValue' }),
  language: answerLanguageSchema,
  returnTo: z.enum(BANK_SHARING_RETURNS, { error: 'invalidValue' }).optional(),
});
export type StartBankSharingBody = z.infer<typeof startBankSharingBodySchema>;

export const startBankSharingAnswerSchema = z.object({
  shareId: z.uuid(),
  /** the bank's page where the person approves reading their account information */
  redirectUrl: z.url(),
});
export type StartBankSharingAnswer = z.infer<typeof startBankSharingAnswerSchema>;

/** The bank's return: `state` ties it to the sharing begun in this browser. */
export const bankSharingReturnQuerySchema = z.object({
  state: z.string({ error: 'invalidValue' }).min(16, { error: 'invalidValue' }).max(128, { error: 'invalidValue' }),
});

/** Drops a ready statement and its summary, or a sharing that went wrong, so the item is open as before. */
export const cancelBankSharingBodySchema = z.strictObject({
  token: tokenSchema,
  shareId: z.uuid({ error: 'invalidValue' }),
  language: answerLanguageSchema,
});
export type CancelBankSharingBody = z.infer<typeof cancelBankSharingBodySchema>;
