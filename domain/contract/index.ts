import * as account from './account.ts';
import * as applications from './applications.ts';
import * as callRequests from './call-requests.ts';
import type { EndpointDefinition, PrivateRoute } from './define-endpoint.ts';
import * as identification from './identification.ts';
import * as messages from './messages.ts';
import * as publishers from './publishers.ts';
import * as referenceData from './reference-data.ts';
import * as staff from './staff.ts';
import * as staffConsultant from './staff-consultant.ts';
import * as staffCompliance from './staff-compliance.ts';
import * as staffReports from './staff-reports.ts';
import * as status from './status.ts';
import * as unpublished from './unpublished.ts';

/**
 * The whole API, one file a resource. The server and the document read this list; the browser's
 * clients import the resource files they call, so a page carries the schemas it needs and no more.
 */

const modules = [
  referenceData,
  applications,
  callRequests,
  status,
  identification,
  account,
  messages,
  publishers,
  unpublished,
  staff,
  staffConsultant,
  staffCompliance,
  staffReports,
];

const isEndpoint = (value: unknown): value is EndpointDefinition =>
  typeof value === 'object' && value !== null && 'operationId' in value && 'answers' in value;
const isPublished = (value: unknown): value is EndpointDefinition => isEndpoint(value) && !('unpublished' in value);
const isPrivateRoute = (value: unknown): value is PrivateRoute =>
  typeof value === 'object' && value !== null && 'unpublished' in value;

/** Every published endpoint, in the document's order. */
export const ENDPOINTS: readonly EndpointDefinition[] = modules.flatMap((module) =>
  Object.values(module).filter(isPublished),
);

/** Every route under /api that the document leaves out, with the reason. */
export const PRIVATE_ROUTES: readonly PrivateRoute[] = modules.flatMap((module) =>
  Object.values(module).filter(isPrivateRoute),
);
