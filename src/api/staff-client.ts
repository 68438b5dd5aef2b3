import { pathOf, type EndpointDefinition } from '../../domain/contract/define-endpoint.ts';
import { contractCaller } from './contract-caller.ts';
import {
  addStaff,
  exportAudit,
  listStaff,
  removeStaff,
  renewStaffEnrolment,
  searchAudit,
  staffEnrolmentOptions,
  staffEnrolmentVerify,
  staffLoginOptions,
  staffLoginVerify,
  staffLogout,
  staffMe,
} from '../../domain/contract/staff.ts';
import type { Language } from '../../domain/language.ts';
import type {
  AddStaffBody,
  AuditAnswer,
  AuditQuery,
  EnrolmentLinkAnswer,
  PasskeyOptions,
  StaffMe,
  StaffMember,
} from '../../domain/staff-api.ts';
import { ApiRequestError } from './broker-client.ts';

export { ApiRequestError };

/**
 * The staff page's client. The session is the staff's HttpOnly cookie, which the browser sends to /api/staff by
 * itself; every address and answer schema is the contract's (domain/contract/staff.ts), every failure an
 * ApiRequestError with the server's code and words in the page's language.
 */
export interface StaffClient {
  /** the logged-in member, or null without a live session */
  me(): Promise<StaffMe | null>;
  enrolmentOptions(token: string): Promise<PasskeyOptions>;
  enrol(token: string, response: unknown): Promise<StaffMe>;
  loginOptions(): Promise<PasskeyOptions>;
  logIn(response: unknown): Promise<StaffMe>;
  logout(): Promise<void>;
  members(): Promise<StaffMember[]>;
  add(body: AddStaffBody): Promise<EnrolmentLinkAnswer>;
  renewEnrolment(id: string): Promise<EnrolmentLinkAnswer>;
  remove(id: string, reason: string): Promise<void>;
  searchAudit(query: AuditQuery): Promise<AuditAnswer>;
}

/** A search's query string, the filters left empty left out. */
const withQuery = (path: string, query: AuditQuery): string => {
  const search = new URLSearchParams(
    Object.entries(query).flatMap(([key, value]) =>
      value === undefined || value === '' ? [] : [[key, String(value)]],
    ),
  ).toString();
  return search ? `${path}?${search}` : path;
};

/** The audit log's CSV address for a search: a plain link, so the browser downloads it with the cookie. */
export const auditCsvHref = (query: AuditQuery): string => withQuery(exportAudit.path, query);

export function createStaffClient(language: Language, fetchImpl?: typeof fetch): StaffClient {
  const { call, none: send } = contractCaller(() => language, fetchImpl);
  const none = (endpoint: EndpointDefinition, path: string, body?: unknown) => send(endpoint, body, path);

  return {
    me: async () => {
      try {
        return await call(staffMe);
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 401) return null;
        throw error;
      }
    },
    enrolmentOptions: (token) => call(staffEnrolmentOptions, { token }),
    enrol: (token, response) => call(staffEnrolmentVerify, { token, response }),
    loginOptions: () => call(staffLoginOptions),
    logIn: (response) => call(staffLoginVerify, { response }),
    logout: () => none(staffLogout, staffLogout.path),
    members: () => call(listStaff),
    add: (body) => call(addStaff, body),
    renewEnrolment: (id) => call(renewStaffEnrolment, {}, pathOf(renewStaffEnrolment, { id })),
    remove: (id, reason) => none(removeStaff, pathOf(removeStaff, { id }), { reason }),
    searchAudit: (query) => call(searchAudit, undefined, withQuery(searchAudit.path, query)),
  };
}
