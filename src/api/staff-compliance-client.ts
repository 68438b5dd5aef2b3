import { pathOf } from '../../domain/contract/define-endpoint.ts';
import {
  answerComplaint,
  complianceStaffDirectory,
  eraseForDataRequest,
  exportForDataRequest,
  listComplaints,
  listDataRequests,
  listReviewRequests,
  refuseDataRequest,
  registerComplaint,
  registerDataRequest,
} from '../../domain/contract/staff-compliance.ts';
import type { Language } from '../../domain/language.ts';
import type {
  Complaint,
  DataRequest,
  DataRequestErased,
  RegisterComplaintBody,
  RegisterDataRequestBody,
  ReviewRequestRow,
  StaffDirectoryEntry,
} from '../../domain/staff-compliance-api.ts';
import { contractCaller } from './contract-caller.ts';

/**
 * The compliance officer's client (domain/contract/staff-compliance.ts): the staff's cookie goes by itself, every
 * answer is parsed by the contract's schema, a personal code only ever in a POST body.
 */
export interface StaffComplianceClient {
  staffDirectory(): Promise<StaffDirectoryEntry[]>;
  dataRequests(): Promise<DataRequest[]>;
  registerDataRequest(body: RegisterDataRequestBody): Promise<DataRequest>;
  erase(id: string): Promise<DataRequestErased>;
  exportData(id: string): Promise<Record<string, unknown>>;
  refuse(id: string, reason: string): Promise<DataRequest>;
  complaints(): Promise<Complaint[]>;
  registerComplaint(body: RegisterComplaintBody): Promise<Complaint>;
  answerComplaint(id: string, answeredOn: string): Promise<Complaint>;
  reviewRequests(): Promise<ReviewRequestRow[]>;
}

export function createStaffComplianceClient(language: Language, fetchImpl?: typeof fetch): StaffComplianceClient {
  const { call } = contractCaller(() => language, fetchImpl);
  return {
    staffDirectory: () => call(complianceStaffDirectory),
    dataRequests: () => call(listDataRequests),
    registerDataRequest: (body) => call(registerDataRequest, body),
    erase: (id) => call(eraseForDataRequest, {}, pathOf(eraseForDataRequest, { id })),
    exportData: (id) => call(exportForDataRequest, {}, pathOf(exportForDataRequest, { id })),
    refuse: (id, reason) => call(refuseDataRequest, { reason }, pathOf(refuseDataRequest, { id })),
    complaints: () => call(listComplaints),
    registerComplaint: (body) => call(registerComplaint, body),
    answerComplaint: (id, answeredOn) => call(answerComplaint, { answeredOn }, pathOf(answerComplaint, { id })),
    reviewRequests: () => call(listReviewRequests),
  };
}
