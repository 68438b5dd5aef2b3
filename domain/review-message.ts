/** The longest message a person may send with a request for human review (apart from api.ts: no zod needed). */
export const REVIEW_MESSAGE_MAX = 1000;
