import {
  chooseOfferAnswerSchema,
  chooseOfferBodySchema,
  handoffAnswerSchema,
  handoffBodySchema,
  idempotencyKeySchema,
  redeemHandoffAnswerSchema,
  redeemHandoffBodySchema,
  reviewRequestAnswerSchema,
  reviewRequestBodySchema,
  standardInformationQuerySchema,
  submitApplicationAnswerSchema,
  submitApplicationBodySchema,
} from '../api.ts';
import { z } from 'zod';
import {
  removeDocumentBodySchema,
  sendDocumentsAnswerSchema,
  sendDocumentsBodySchema,
  uploadDocumentMultipartSchema,
  startBankSharingBodySchema,
  startBankSharingAnswerSchema,
  bankSharingReturnQuerySchema,
  cancelBankSharingBodySchema,
} from '../document-api.ts';
import { uploadDocumentAnswerSchema } from '../documents.ts';
import { defineEndpoint, definePrivateRoute, USUAL_REFUSALS } from './define-endpoint.ts';
import { seeOther } from './identification.ts';

/**
 * Applications: submitting one, choosing an offer, a human review, handing it to another tab, the offers' standard
 * information, the documents a lender asked for.
 */

export const submitApplication = defineEndpoint({
  method: 'POST',
  path: '/api/applications',
  operationId: 'submitApplication',
  tag: 'Applications',
  summary: 'Submit an application',
  description: 'Idempotent per Idempotency-Key: a repeat with the same key and body answers the same token.',
  headers: z.looseObject({ 'idempotency-key': idempotencyKeySchema }),
  body: submitApplicationBodySchema,
  answers: { 201: submitApplicationAnswerSchema },
  errors: USUAL_REFUSALS,
});

export const chooseOffer = defineEndpoint({
  method: 'POST',
  path: '/api/applications/chooseOffer',
  operationId: 'chooseOffer',
  tag: 'Applications',
  summary: 'Choose an offer: answers where to sign with that lender',
  body: chooseOfferBodySchema,
  answers: { 200: chooseOfferAnswerSchema },
  errors: USUAL_REFUSALS,
});

export const requestReview = defineEndpoint({
  method: 'POST',
  path: '/api/applications/reviewRequest',
  operationId: 'requestReview',
  tag: 'Applications',
  summary: 'Ask a lender that declined for a human review and an explanation of its decision',
  description:
    'The lender answers later, after a human looked at the application; the status shows the request and its outcome.',
  body: reviewRequestBodySchema,
  answers: { 202: reviewRequestAnswerSchema },
  errors: USUAL_REFUSALS,
});

export const createHandoff = defineEndpoint({
  method: 'POST',
  path: '/api/applications/handoff',
  operationId: 'createHandoff',
  tag: 'Applications',
  summary: 'A one-time code that opens the application in another tab of the site',
  description: 'For a widget whose storage the site cannot read: the code is good for one redeem within two minutes.',
  body: handoffBodySchema,
  answers: { 200: handoffAnswerSchema },
  errors: USUAL_REFUSALS,
});

export const redeemHandoff = defineEndpoint({
  method: 'POST',
  path: '/api/applications/handoff/redeem',
  operationId: 'redeemHandoff',
  tag: 'Applications',
  summary: "Trade a handoff code, once, for the application's token",
  description: 'A spent, expired or unknown code answers 400 handoffExpired.',
  body: redeemHandoffBodySchema,
  answers: { 200: redeemHandoffAnswerSchema },
  errors: USUAL_REFUSALS,
});

export const getStandardInformation = defineEndpoint({
  method: 'GET',
  path: '/api/applications/standardInformation',
  operationId: 'getStandardInformation',
  tag: 'Applications',
  summary: "An offer's standard pre-contractual information (SECCI), HTML or PDF, in Latvian or Russian",
  query: standardInformationQuerySchema,
  answers: {
    200: {
      description: 'The printable page (`format=html`) or the PDF (`format=pdf`)',
      content: { 'text/html': 'text', 'application/pdf': 'binary' },
    },
  },
  errors: [400, 404, 429],
});

export const standardInformationStylesheet = definePrivateRoute({
  method: 'GET',
  path: '/api/applications/standardInformation.css',
  unpublished: "the standard information page's own stylesheet",
});

export const uploadDocument = defineEndpoint({
  method: 'POST',
  path: '/api/applications/documents',
  operationId: 'uploadDocument',
  tag: 'Applications',
  summary: "Upload a file for an item of a lender's documents request",
  description:
    'multipart/form-data: `token`, `requestId`, `itemId`, then `file`. The type is decided by the content: a PDF, ' +
    'JPEG or PNG, at most 10 MB, at most 5 files an item. A PDF with JavaScript, a launch action, embedded files ' +
    'or encryption is refused; a photo is re-encoded without its metadata (location). The file is kept encrypted ' +
    'until the item is sent to the lender that asked, and with the application. A refused file is not kept. The ' +
    "message of a refusal is in the query's `lang`, else Accept-Language.",
  bodyAlsoAs: { 'multipart/form-data': uploadDocumentMultipartSchema },
  answers: { 201: uploadDocumentAnswerSchema },
  errors: [400, 404, 409, 413, 415, 422, 429],
});

export const removeDocument = defineEndpoint({
  method: 'POST',
  path: '/api/applications/documents/remove',
  operationId: 'removeDocument',
  tag: 'Applications',
  summary: 'Remove an uploaded file before its item is sent',
  body: removeDocumentBodySchema,
  answers: { 204: { description: 'Removed, and its bytes deleted' } },
  errors: USUAL_REFUSALS,
});

export const sendDocuments = defineEndpoint({
  method: 'POST',
  path: '/api/applications/documents/send',
  operationId: 'sendDocuments',
  tag: 'Applications',
  summary: "Send an item's files to the lender that asked for them",
  description: 'The item is then closed to changes; the files go to that lender alone, retried until it acknowledges.',
  body: sendDocumentsBodySchema,
  answers: { 202: sendDocumentsAnswerSchema },
  errors: USUAL_REFUSALS,
});

export const startBankSharing = defineEndpoint({
  method: 'POST',
  path: '/api/applications/documents/bankSharing',
  operationId: 'startBankSharing',
  tag: 'Applications',
  summary: 'Share account data from a bank for a statement or income item, instead of uploading a file',
  description:
    'Asks the bank (Berlin Group NextGenPSD2) for a one-off consent to read the accounts for the months the item ' +
    "asks and answers the bank's page where the person approves it. The browser gets a short-lived cookie the " +
    "bank's return must carry. Only for `bankStatement` and `incomeProof` items that are open.",
  body: startBankSharingBodySchema,
  answers: { 201: startBankSharingAnswerSchema },
  errors: [...USUAL_REFUSALS, 503],
});

export const bankSharingReturn = defineEndpoint({
  method: 'GET',
  path: '/api/applications/documents/bankSharing/return',
  operationId: 'bankSharingReturn',
  tag: 'Applications',
  summary: "The bank's return after the person approved or refused; reads the data once and ends the consent",
  description:
    'In the browser that started the sharing: reads accounts, balances and booked transactions once, ends the ' +
    'consent at the bank, makes the statement (PDF, a file of the item) and the income summary, keeps neither the ' +
    'consent nor the transactions, and redirects to where the sharing began. The status shows the summary; the ' +
    'person sends the item or cancels the sharing.',
  query: bankSharingReturnQuerySchema,
  answers: { 303: seeOther('the wizard, the account or the widget tab, at the request') },
  errors: [400, 429],
});

export const cancelBankSharing = defineEndpoint({
  method: 'POST',
  path: '/api/applications/documents/bankSharing/cancel',
  operationId: 'cancelBankSharing',
  tag: 'Applications',
  summary: 'Drop a shared statement and its summary before the item is sent',
  body: cancelBankSharingBodySchema,
  answers: { 204: { description: 'The statement deleted; the item is open as before' } },
  errors: USUAL_REFUSALS,
});
