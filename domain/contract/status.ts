import { applicationStatusSchema, statusQuerySchema } from '../api.ts';
import { defineEndpoint } from './define-endpoint.ts';

/** An application's status: once, and as server-sent events on every change. */

export const getApplicationStatus = defineEndpoint({
  method: 'GET',
  path: '/api/getApplicationStatus',
  operationId: 'getApplicationStatus',
  tag: 'Status',
  summary: 'Application status (text/plain whose body is JSON, as the spec says)',
  query: statusQuerySchema,
  answers: {
    200: {
      description: 'The status, as JSON text served as `text/plain` (as the original specification has it)',
      content: { 'text/plain': applicationStatusSchema },
    },
  },
  errors: [400, 404, 429],
});

export const followApplicationStatus = defineEndpoint({
  method: 'GET',
  path: '/api/applicationStatusEvents',
  operationId: 'followApplicationStatus',
  tag: 'Status',
  summary: 'Server-sent events: one `status` event now and one on every change',
  query: statusQuerySchema,
  answers: {
    200: {
      description:
        'Server-sent events: `status` now and on every change (its data is the ApplicationStatus JSON), `gone` ' +
        'when the application was deleted, and a comment every 15 seconds to keep the connection open',
      content: { 'text/event-stream': 'text' },
    },
  },
  errors: [400, 404, 429],
});
