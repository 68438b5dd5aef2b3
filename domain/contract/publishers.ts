import { publisherApplicationsAnswerSchema, publisherApplicationsQuerySchema } from '../publisher-report.ts';
import { defineEndpoint } from './define-endpoint.ts';

/** What a publisher reads about the applications its widgets brought, with its key. */

export const listPublisherApplications = defineEndpoint({
  method: 'GET',
  path: '/api/publishers/applications',
  operationId: 'listPublisherApplications',
  tag: 'Publishers',
  summary: "A publisher's applications: attribution and state, newest first",
  description:
    'Authorization: Bearer <publisher key>. Only applications whose tracking names that publisher; ' +
    '`from` and `to` are days (UTC) or instants, both included. No personal data, amounts or referrer.',
  security: 'publisherKey',
  query: publisherApplicationsQuerySchema,
  answers: { 200: publisherApplicationsAnswerSchema },
  errors: [400, 401, 429],
});
