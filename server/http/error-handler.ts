import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiError } from '../../domain/api.ts';
import { CONSULTANT_HOURS, clockText, slotText } from '../../domain/consultant-hours.ts';
import type { Language } from '../../domain/language.ts';
import { apiMessage, requestLanguage, validationMessage } from './messages.ts';
import { Refusal, type RefusalReason } from '../applications/refusal.ts';
import { ApiProblem, type ApiErrorCode } from './problem.ts';

/** Field names as the form knows them: the submission's `application.` prefix is dropped. */
function fieldName(instancePath: string): string {
  const path = instancePath.replace(/^\//, '').split('/').join('.');
  return path.replace(/^application\./, '') || '_';
}

const codeByFastifyError: Record<string, [number, ApiErrorCode]> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'unsupportedMediaType'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'payloadTooLarge'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'malformedBody'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'malformedBody'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'malformedBody'],
  // @fastify/multipart, on the upload's route alone
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'unsupportedMediaType'],
  FST_PARTS_LIMIT: [413, 'payloadTooLarge'],
  FST_FILES_LIMIT: [413, 'payloadTooLarge'],
  FST_FIELDS_LIMIT: [413, 'payloadTooLarge'],
  FST_PROTO_VIOLATION: [400, 'malformedBody'],
};

/** A use-case's refusal as the caller gets it: the status and the code its words are under. */
const answerToRefusal: Record<RefusalReason, readonly [number, ApiErrorCode]> = {
  unknownToken: [404, 'invalidToken'],
  tokenRevoked: [404, 'tokenRevoked'],
  wrongState: [409, 'wrongState'],
  unknownOffer: [404, 'offerNotFound'],
  offerExpired: [409, 'offerExpired'],
  handoffExpired: [400, 'handoffExpired'],
  unknownInstitution: [422, 'unknownInstitution'],
  providerUnavailable: [503, 'providerUnavailable'],
  identificationFailed: [422, 'identificationFailed'],
  foreignLender: [403, 'badSignature'],
  unknownLenderRequest: [404, 'notFound'],
  offerOutOfBounds: [422, 'offerOutOfBounds'],
  replayedMessage: [409, 'replay'],
  idempotencyKeyInFlight: [409, 'idempotencyKey'],
  idempotencyKeyReused: [422, 'idempotencyKey'],
  unknownLogin: [404, 'loginExpired'],
  notLoggedIn: [401, 'notLoggedIn'],
  unknownApplication: [404, 'notFound'],
  wrongSmsCode: [400, 'wrongSmsCode'],
  tooManyCodes: [429, 'tooManyCodes'],
  unknownUnsubscribeLink: [400, 'unsubscribeLinkInvalid'],
  unknownIdentification: [400, 'invalidToken'],
  unknownDocument: [404, 'documentNotFound'],
  documentItemClosed: [409, 'documentItemClosed'],
  documentRequestOverdue: [409, 'documentRequestOverdue'],
  // the item's state refuses a sixth file, as it refuses a change after sending
  tooManyDocuments: [409, 'tooManyDocuments'],
  noDocuments: [409, 'noDocuments'],
  documentTooLarge: [413, 'documentTooLarge'],
  unsupportedDocument: [415, 'unsupportedDocument'],
  // the type is one we take; what this file holds is what is refused
  unsafeDocument: [422, 'unsafeDocument'],
  notBankShareable: [422, 'documentNotShareable'],
  bankUnavailable: [503, 'bankUnavailable'],
  slotClosed: [422, 'slotClosed'],
  slotPast: [422, 'slotPast'],
  noCallRequest: [404, 'callRequestNotFound'],
  staffNotLoggedIn: [401, 'staffNotLoggedIn'],
  staffForbidden: [403, 'staffForbidden'],
  enrolmentInvalid: [404, 'enrolmentInvalid'],
  passkeyRefused: [400, 'passkeyRefused'],
  staffLoginFailed: [401, 'staffLoginFailed'],
  staffLockedOut: [429, 'staffLockedOut'],
  staffMemberExists: [409, 'staffMemberExists'],
  unknownStaffMember: [404, 'staffMemberNotFound'],
};

/** The values a refusal's words name: a refused call slot names the hours and the next open slot. */
const wordsOf = (error: Refusal, language: Language): Readonly<Record<string, string>> =>
  error.nextSlot
    ? {
        next: slotText(language, error.nextSlot),
        from: clockText(CONSULTANT_HOURS.opens),
        to: clockText(CONSULTANT_HOURS.closes),
      }
    : {};

/**
 * Every error leaves as `{ error, message, fields? }` in the caller's language. Client mistakes are
 * 4xx and are not logged as errors; only our own failures are, and never with a request body.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const language = requestLanguage(request);
    const send = (
      status: number,
      code: ApiErrorCode,
      fields?: Record<string, string>,
      values: Readonly<Record<string, string>> = {},
    ) => {
      const message = apiMessage(language, code).replace(/\{\{(\w+)\}\}/g, (_all, name: string) => values[name] ?? '');
      const body: ApiError = { error: code, message, ...(fields ? { fields } : {}) };
      return reply.status(status).type('application/json; charset=utf-8').send(body);
    };

    if (error instanceof Refusal) {
      const [status, code] = answerToRefusal[error.reason];
      return send(status, code, undefined, wordsOf(error, language));
    }
    if (error instanceof ApiProblem) {
      const fields = error.fields
        ? Object.fromEntries(
            Object.entries(error.fields).map(([field, key]) => [field, validationMessage(language, key)]),
          )
        : undefined;
      return send(error.statusCode, error.code, fields);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      // the first message of each field; own keys only, so a field named `constructor` is named too
      const name = (field: string, key: string) => {
        if (!Object.hasOwn(fields, field)) fields[field] = validationMessage(language, key);
      };
      for (const issue of error.validation) {
        // zod reports a strict object's unknown fields in one issue on the object: each is named on its own,
        // as sent, even with a dot or a slash in it
        const unknown = issue.keyword === 'unrecognized_keys' ? (issue.params as { keys?: unknown }).keys : undefined;
        if (Array.isArray(unknown)) {
          const parent = fieldName(issue.instancePath);
          // the application's own fields are named as the form names them, without `application.`
          const prefix = parent === '_' || parent === 'application' ? '' : `${parent}.`;
          for (const key of unknown) name(`${prefix}${String(key)}`, 'unknownField');
          continue;
        }
        name(fieldName(issue.instancePath), issue.message ?? 'invalidValue');
      }
      const code = (error.validationContext as string | undefined) === 'headers' ? 'idempotencyKey' : 'validation';
      return send(400, code, fields);
    }
    const known = error.code ? codeByFastifyError[error.code] : undefined;
    if (known) return send(known[0], known[1]);
    if (error instanceof SyntaxError) return send(400, 'malformedBody');
    if (error.statusCode === 429) return send(429, 'rateLimited');
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      return send(error.statusCode, 'malformedBody');
    }
    request.log.error({ err: { type: error.name, message: error.message, stack: error.stack } }, 'request failed');
    return send(500, 'serverError');
  });
}
