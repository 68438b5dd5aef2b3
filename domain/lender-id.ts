/** A lender's id: lower-case letters, digits and hyphens (a path segment of the partner protocol). */
export const LENDER_ID_PATTERN = /^[a-z0-9][a-z0-9-]{1,62}$/;
