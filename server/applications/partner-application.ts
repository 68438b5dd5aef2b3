import { applicantBirthDate } from '../../domain/application.ts';
import { partnerDecisions } from '../../domain/contract/unpublished.ts';
import type { Broker } from '../broker.ts';
import type { PartnerApplication } from '../lenders/messages.ts';
import { openApplicant } from './applicant-record.ts';
import { applicationRowById, type ApplicationRow } from './status.ts';

/** The application as every lender receives it; only the request id and reference differ per lender. */
export type PartnerApplicationBase = Omit<PartnerApplication, 'requestId' | 'applicationRef'>;

/**
 * What a lender receives: the applicant decrypted once for one application's sends (two queries and
 * one decryption for all its lenders, not one per lender), held in memory only while they are sent.
 */
export async function partnerApplication(
  broker: Broker,
  applicationId: string,
): Promise<PartnerApplicationBase | null> {
  const application = await applicationRowById(broker.db, applicationId);
  if (!application) return null;
  const [identification] = (
    await broker.db.query<{ method: IdentificationMethod }>(
      `SELECT method FROM identifications WHERE application_id = $1 AND state = 'succeeded' ORDER BY finished_at DESC LIMIT 1`,
      [applicationId],
    )
  ).rows;
  return partnerApplicationOf(broker, {
    application,
    method: identification?.method ?? 'bank',
    identifiedAt: application.identified_at ?? new Date(),
  });
}

type IdentificationMethod = PartnerApplication['identification']['method'];

/** An application the moment its identification succeeded, as the process that identified it holds it. */
export interface IdentifiedApplication {
  readonly application: ApplicationRow;
  readonly method: IdentificationMethod;
  readonly identifiedAt: Date;
}

/** What a lender receives, from an application already read: the identifying process sends without reading it again. */
export function partnerApplicationOf(
  broker: Broker,
  { application, method, identifiedAt }: IdentifiedApplication,
): PartnerApplicationBase | null {
  const applicant = openApplicant(broker.cipher, application);
  if (!applicant) return null;
  const dependents = applicant.hasDependents
    ? applicant.numberOfDependents === 'moreThan5'
      ? 6
      : Number(applicant.numberOfDependents ?? 1)
    : 0;
  return {
    callbackUrl: `${broker.config.publicBaseUrl}${partnerDecisions.path}`,
    submittedAt: new Date().toISOString(),
    loan: {
      amount: applicant.amount,
      term: applicant.term,
      purpose: applicant.loanPurpose,
      ...(applicant.loanPurposeText ? { purposeText: applicant.loanPurposeText } : {}),
      ...(applicant.amountRefinance !== undefined ? { amountRefinance: applicant.amountRefinance } : {}),
    },
    applicant: {
      personalCode: applicant.personalId,
      firstName: applicant.firstname,
      lastName: applicant.lastname,
      dateOfBirth: applicantBirthDate(applicant) ?? '',
      email: applicant.email,
      phone: applicant.phoneNumber,
      monthlyIncome: applicant.monthlyIncome,
      incomeTypes: applicant.incomeTypes.map((entry) => ({
        type: entry.type,
        employmentDuration: entry.employmentDuration,
        ...(entry.typeOfOtherIncome ? { typeOfOtherIncome: entry.typeOfOtherIncome } : {}),
      })),
      monthlyLiabilities: applicant.hasFinancialLiabilities ? (applicant.monthlyFinancialLiabilities ?? 0) : 0,
      hasSpouse: applicant.hasSpouse,
      dependents,
      ...(applicant.ownsProperty !== undefined ? { ownsProperty: applicant.ownsProperty } : {}),
      politicallyExposed: applicant.politicalyExposedPerson,
    },
    identification: { method, verifiedAt: identifiedAt.toISOString() },
  };
}
