/**
 * Why a use-case refused a request: a fact about the application or the caller, never an HTTP status.
 * server/http gives each reason its status code and its words in the caller's language.
 */
export type RefusalReason =
  /** no application answers to the token, or its token expired */
  | 'unknownToken'
  /** the token was replaced when the person logged out everywhere */
  | 'tokenRevoked'
  /** the application is not in a state that allows the step */
  | 'wrongState'
  /** the chosen offer is not one of this application's */
  | 'unknownOffer'
  /** the chosen offer's validity ran out */
  | 'offerExpired'
  /** the handoff code is spent, expired or unknown */
  | 'handoffExpired'
  | 'unknownInstitution'
  /** the identity provider did not answer */
  | 'providerUnavailable'
  /** the identity provider answered that the identification cannot go on */
  | 'identificationFailed'
  /** a callback names another lender than the one whose key signed it */
  | 'foreignLender'
  /** a callback names a request that lender never got */
  | 'unknownLenderRequest'
  /**
   * an offer outside the lender's configured ranges or the product's bounds, at a rate over the cost cap, or with
   * figures no loan has
   */
  | 'offerOutOfBounds'
  /** a partner's signed message that was received before (its nonce is known) */
  | 'replayedMessage'
  /** the same Idempotency-Key is being used by a request still in flight */
  | 'idempotencyKeyInFlight'
  /** the same Idempotency-Key came with another body */
  | 'idempotencyKeyReused'
  /** a Smart-ID login poll names no login this server started */
  | 'unknownLogin'
  /** the account's API without a live session */
  | 'notLoggedIn'
  /** an application that is not the logged-in person's, or does not exist */
  | 'unknownApplication'
  /** the SMS opt-out code is wrong, expired or tried too often */
  | 'wrongSmsCode'
  /** the phone number got as many codes this hour as it may, whoever asked */
  | 'tooManyCodes'
  /** an unsubscribe link that is not ours or whose message is gone */
  | 'unknownUnsubscribeLink'
  /** a widget's tab names no identification still waiting for its browser */
  | 'unknownIdentification'
  /** a documents request, item or file that is not the application's (or does not exist) */
  | 'unknownDocument'
  /** the item was sent already: its files no longer change */
  | 'documentItemClosed'
  /** the documents request's due date passed */
  | 'documentRequestOverdue'
  /** the item holds as many files as it may */
  | 'tooManyDocuments'
  /** sending an item that holds no file */
  | 'noDocuments'
  /** an uploaded file over the size limit */
  | 'documentTooLarge'
  /** an uploaded file whose content is no type we take, whatever its name says */
  | 'unsupportedDocument'
  /** a PDF that could act (scripts, launch actions), carries other files, or is encrypted */
  | 'unsafeDocument'
  /** sharing bank data for an item whose kind a bank's account data cannot answer */
  | 'notBankShareable'
  /** the bank did not answer the start of a sharing of account data */
  | 'bankUnavailable'
  /** a call slot outside the consultant hours, on a weekend or a Latvian public holiday */
  | 'slotClosed'
  /** a call slot that has begun or passed */
  | 'slotPast'
  /** no call request of the application is waiting */
  | 'noCallRequest'
  /** a staff route without a live staff session */
  | 'staffNotLoggedIn'
  /** a staff route the member's role does not open */
  | 'staffForbidden'
  /** an enrolment link that is unknown, spent or expired */
  | 'enrolmentInvalid'
  /** a passkey's registration that did not verify */
  | 'passkeyRefused'
  /** a passkey's assertion that did not verify, or names no member's passkey */
  | 'staffLoginFailed'
  /** too many failed logins lately, for the member or from the client */
  | 'staffLockedOut'
  /** a member who is not removed has this e-mail address already */
  | 'staffMemberExists'
  | 'unknownStaffMember';

export class Refusal extends Error {
  readonly reason: RefusalReason;
  /** what the refusal's words name besides the reason: a call slot refused names the next open one (ISO) */
  readonly nextSlot: string | undefined;

  constructor(reason: RefusalReason, { nextSlot }: { nextSlot?: string } = {}) {
    super(reason);
    this.name = 'Refusal';
    this.reason = reason;
    this.nextSlot = nextSlot;
  }
}
