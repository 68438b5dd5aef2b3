import { createApplicationSchema, fieldErrorKeys } from '../../../../domain/application.ts';
import { readTracking } from '../../../tracking/tracking-params.ts';

/**
 * What judges the form: the server's own schema, and the check of the tracking that travels with the
 * application. Both are zod; they come with the person's first move on the form (load-validation.ts).
 */
export const applicationValidation = { schema: createApplicationSchema(), fieldErrorKeys, readTracking };
export type ApplicationValidation = typeof applicationValidation;
