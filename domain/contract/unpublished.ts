import { definePrivateRoute } from './define-endpoint.ts';

/** Routes under /api that are not part of the published API, and why; the resources' own are beside them. */

export const partnerDecisions = definePrivateRoute({
  method: 'POST',
  path: '/api/partner/v1/decisions',
  unpublished:
    "the lenders' signed partner protocol: verified over the raw bytes with each lender's secret and " +
    'described in the protocol each lender receives, not something a client of this API calls',
});

export const openApiDocument = definePrivateRoute({
  method: 'GET',
  path: '/api/openapi.json',
  unpublished: 'this document',
});

export const apiReference = definePrivateRoute({
  method: 'GET',
  path: '/api/docs',
  unpublished: 'the reference page of this document',
});

export const apiReferenceScript = definePrivateRoute({
  method: 'GET',
  path: '/api/docs/redoc.standalone.js',
  unpublished: "the reference page's script",
});

export const apiReferenceScriptLicences = definePrivateRoute({
  method: 'GET',
  path: '/api/docs/redoc.standalone.js.LICENSE.txt',
  unpublished: "the licences of the reference page's script",
});

export const apiReferenceStart = definePrivateRoute({
  method: 'GET',
  path: '/api/docs/start.js',
  unpublished: 'starts the reference page with its nonce',
});
