import { z } from 'zod';
import { LANGUAGES } from './language.ts';

/**
 * The staff's back office (issue 34): passkey login, the members and their roles, the audit log. The server
 * validates with these schemas and the staff's page parses every answer with them. A passkey's options and
 * responses are WebAuthn's JSON (SimpleWebAuthn's types): their inner shape is checked by the verification
 * itself, so the schemas here bound their size and name their required parts only.
 */

export const STAFF_ROLES = ['consultant', 'compliance', 'administrator'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const staffRoleSchema = z.enum(STAFF_ROLES);
export const staffLanguageSchema = z.enum(LANGUAGES);

const base64url = z
  .string()
  .max(4096)
  .regex(/^[A-Za-z0-9_-]*$/);

/** What the browser's navigator.credentials.create() answered, as @simplewebauthn/browser sends it. */
export const registrationResponseSchema = z.looseObject({
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: base64url,
    attestationObject: base64url.max(16384),
    transports: z.array(z.string().max(32)).max(8).optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()),
});

/** What navigator.credentials.get() answered. */
export const authenticationResponseSchema = z.looseObject({
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()),
});

/** WebAuthn's options for the browser, passed to @simplewebauthn/browser as they are. */
export const passkeyOptionsSchema = z.looseObject({ challenge: base64url });
export type PasskeyOptions = z.infer<typeof passkeyOptionsSchema>;

const enrolmentToken = z
  .string()
  .min(32)
  .max(128)
  .regex(/^[A-Za-z0-9_-]+$/);
export const enrolmentOptionsBodySchema = z.strictObject({ token: enrolmentToken });
export const enrolmentVerifyBodySchema = z.strictObject({
  token: enrolmentToken,
  response: registrationResponseSchema,
});
export const loginVerifyBodySchema = z.strictObject({ response: authenticationResponseSchema });

export const staffMemberSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  role: staffRoleSchema,
  language: staffLanguageSchema,
  createdAt: z.string(),
  /** whether a passkey was enrolled */
  enrolled: z.boolean(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffMeSchema = staffMemberSchema.omit({ createdAt: true, enrolled: true });
export type StaffMe = z.infer<typeof staffMeSchema>;

export const addStaffBodySchema = z.strictObject({
  email: z.email({ error: 'email' }).max(254),
  name: z.string().trim().min(1, { error: 'required' }).max(120),
  role: staffRoleSchema,
  language: staffLanguageSchema,
});
export type AddStaffBody = z.infer<typeof addStaffBodySchema>;

/** A new member, or a new link for one: the one-time link is shown once, to the administrator who asked. */
export const enrolmentLinkAnswerSchema = z.object({
  member: staffMemberSchema,
  enrolmentUrl: z.url(),
  expiresAt: z.string(),
});
export type EnrolmentLinkAnswer = z.infer<typeof enrolmentLinkAnswerSchema>;

export const removeStaffBodySchema = z.strictObject({ reason: z.string().trim().min(1).max(500) });

export const staffMemberParams = z.object({ id: z.uuid() });

/** The audit log's search: each filter optional; a period by days (Riga's calendar is the client's business). */
export const auditQuerySchema = z.strictObject({
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  staffId: z.uuid().optional(),
  action: z.string().max(64).optional(),
  applicationId: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditRecordSchema = z.object({
  seq: z.number().int(),
  at: z.string(),
  staffId: z.uuid().nullable(),
  staffEmail: z.string().nullable(),
  action: z.string(),
  applicationId: z.uuid().nullable(),
  reason: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  hash: z.string(),
});
export type AuditRecord = z.infer<typeof auditRecordSchema>;
export const auditAnswerSchema = z.object({ records: z.array(auditRecordSchema), truncated: z.boolean() });
export type AuditAnswer = z.infer<typeof auditAnswerSchema>;

/** The local administration's (the staff CLI's) request: the first administrator, or any member. */
export const adminAddStaffBodySchema = addStaffBodySchema.extend({ name: z.string().trim().max(120) });

export const auditVerifyAnswerSchema = z.object({
  ok: z.boolean(),
  records: z.number().int(),
  /** the first record whose hash or link does not hold, with why */
  broken: z.object({ seq: z.number().int(), problem: z.string() }).nullable(),
});
export type AuditVerifyAnswer = z.infer<typeof auditVerifyAnswerSchema>;
