/** Where this tab keeps the unfinished application (application-draft.ts), alone: the page's first script reads it. */
export const DRAFT_KEY = 'applicationDraft';
