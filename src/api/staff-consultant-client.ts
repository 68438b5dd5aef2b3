import { pathOf } from '../../domain/contract/define-endpoint.ts';
import {
  consultantAddNote,
  consultantApplication,
  consultantCallQueue,
  consultantMarkCall,
  consultantPersonalData,
  consultantResendContinueLink,
  consultantSearchApplications,
} from '../../domain/contract/staff-consultant.ts';
import type { Language } from '../../domain/language.ts';
import type {
  ApplicationSearchAnswer,
  CallQueueAnswer,
  ConsultantApplication,
  ConsultantNote,
  ContinueLinkAnswer,
  MarkCallBody,
  PersonalData,
  PersonalDataReason,
  StaffCallRequest,
} from '../../domain/staff-consultant-api.ts';
import { contractCaller } from './contract-caller.ts';

/**
 * The consultant's calls to the back office (domain/contract/staff-consultant.ts): addresses and answer schemas
 * are the contract's; an e-mail or phone searched for goes in a body, never in an address.
 */
export interface StaffConsultantClient {
  callQueue(): Promise<CallQueueAnswer>;
  search(query: string): Promise<ApplicationSearchAnswer>;
  application(id: string): Promise<ConsultantApplication>;
  personalData(id: string, reason: PersonalDataReason): Promise<PersonalData>;
  addNote(id: string, text: string): Promise<ConsultantNote>;
  markCall(callRequestId: string, body: MarkCallBody): Promise<StaffCallRequest>;
  resendContinueLink(id: string): Promise<ContinueLinkAnswer>;
}

export function createStaffConsultantClient(language: Language, fetchImpl?: typeof fetch): StaffConsultantClient {
  const { call } = contractCaller(() => language, fetchImpl);
  return {
    callQueue: () => call(consultantCallQueue),
    search: (query) => call(consultantSearchApplications, { query }),
    application: (id) => call(consultantApplication, undefined, pathOf(consultantApplication, { id })),
    personalData: (id, reason) => call(consultantPersonalData, { reason }, pathOf(consultantPersonalData, { id })),
    addNote: (id, text) => call(consultantAddNote, { text }, pathOf(consultantAddNote, { id })),
    markCall: (callRequestId, body) =>
      call(consultantMarkCall, body, pathOf(consultantMarkCall, { id: callRequestId })),
    resendContinueLink: (id) => call(consultantResendContinueLink, {}, pathOf(consultantResendContinueLink, { id })),
  };
}
