import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import lvApi from '../../locales/lv/api.json' with { type: 'json' };
import ruApi from '../../locales/ru/api.json' with { type: 'json' };
import lvValidation from '../../locales/lv/validation.json' with { type: 'json' };
import ruValidation from '../../locales/ru/validation.json' with { type: 'json' };
import {
  apiErrorSchema,
  chooseOfferBodySchema,
  startIdentificationBodySchema,
  submitApplicationBodySchema,
} from '../../src/domain/api.ts';
import {
  INCOME_TYPES,
  isValidPersonalCodeForTests,
  type LoanApplicationInput,
  type ValidationMessageKey,
} from './fuzz-support.ts';
import { validApplication } from '../../src/domain/application-fixture.ts';
import type { Language } from '../../src/domain/language.ts';
import type { ApiErrorCode } from '../../server/http/problem.ts';
import { BANK_CLIENT_ID, signBankReturn, type BankReturnFields } from '../../server/identity/bank-link.ts';
import { INSTITUTIONS } from '../../server/identity/institutions.ts';
import { partnerCallbackSchema } from '../../server/lenders/messages.ts';
import { signPartnerMessage } from '../../server/lenders/partner-protocol.ts';
import { startBroker, type RunningBroker } from '../support/broker.ts';
import { allLendersAnswered, identifyByBank, waitForStatus } from '../support/flow.ts';
