import { z } from 'zod';
import { institutionsAnswerSchema } from '../api.ts';
import { lendersAnswerSchema } from '../lenders.ts';
import { defineEndpoint, definePrivateRoute } from './define-endpoint.ts';

/** The banks a person may identify with, the lenders an application goes to, and their logos. */

export const listInstitutions = defineEndpoint({
  method: 'GET',
  path: '/api/institutions',
  operationId: 'listInstitutions',
  tag: 'Reference data',
  summary: 'Banks a person can identify with',
  answers: { 200: institutionsAnswerSchema },
  errors: [429],
});

export const listLenders = defineEndpoint({
  method: 'GET',
  path: '/api/lenders',
  operationId: 'listLenders',
  tag: 'Reference data',
  summary: 'Lenders that would receive an application, with the amounts and terms each serves',
  answers: { 200: lendersAnswerSchema },
  errors: [429],
});

export const logoParams = z.object({ id: z.string().max(64) });

export const institutionLogo = definePrivateRoute({
  method: 'GET',
  path: '/api/institutions/:id/logo.svg',
  unpublished: 'an image whose address the institutions list gives, not an operation',
});

export const lenderMonogram = definePrivateRoute({
  method: 'GET',
  path: '/api/lenders/:id/logo.svg',
  unpublished: 'an image whose address the lenders list gives, not an operation',
});
