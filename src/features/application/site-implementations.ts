import { fromCallback, fromPromise } from 'xstate';
import {
  applicationMachine,
  type ApplicationEvent,
  type IdentificationChoice,
} from '../../../machines/application-machine.ts';
import { workflowErrorOf } from '../../../machines/workflow-error.ts';
import { forgetApplication, saveToken } from '../../api/token-storage.ts';
import type { BrokerClient } from '../../api/broker-client.ts';
import type { IdentificationReturn, StartIdentificationBody, SubmitApplicationBody } from '../../../domain/api.ts';
import type { Language } from '../../../domain/language.ts';

/** What the site gives the machine besides the API: browser storage and leaving the page. */
export interface SiteEnvironment {
  readonly local: Storage;
  readonly session: Storage;
  /** go to a bank, eParaksts or a lender's signing page */
  readonly navigate: (url: string) => void;
  /** the submission got through (a widget tells its host) */
  readonly onSubmitted?: () => void;
  /** where the bank, eParaksts or the lender's signing sends the person back (a widget's tab closes itself) */
  readonly identificationReturn?: IdentificationReturn;
  /** a publisher's widget in test mode: every application it sends is marked as a test one */
  readonly testMode?: boolean;
}

const rethrowing =
  <I, O>(run: (input: I) => Promise<O>) =>
  async ({ input }: { input: I }): Promise<O> => {
    try {
      return await run(input);
    } catch (error) {
      throw workflowErrorOf(error);
    }
  };

/**
 * Smart-ID sends nobody anywhere; the bank and eParaksts send the person back where `returnTo` says.
 * The choice's fields are copied one by one: the API refuses a field it does not know.
 */
const bodyOf = (
  token: string,
  language: Language,
  choice: IdentificationChoice,
  returnTo: IdentificationReturn | undefined,
) =>
  ({
    token,
    language,
    method: choice.method,
    ...(choice.method === 'bank' ? { institutionId: choice.institutionId } : {}),
    ...(returnTo && choice.method !== 'smartId' ? { returnTo } : {}),
  }) as StartIdentificationBody;

/** The application machine as the site runs it: the broker's API, the browser's storage, real redirects. */
export function siteApplicationMachine(client: BrokerClient, env: SiteEnvironment) {
  return applicationMachine.provide({
    actors: {
      loadStatus: fromPromise(rethrowing(({ token }: { token: string }) => client.status(token))),
      submitApplication: fromPromise(
        rethrowing(({ body, idempotencyKey }: { body: SubmitApplicationBody; idempotencyKey: string }) =>
          client.submit(env.testMode ? { ...body, test: true } : body, idempotencyKey),
        ),
      ),
      loadInstitutions: fromPromise(rethrowing(() => client.institutions())),
      startIdentification: fromPromise(
        rethrowing(({ token, language, choice }: { token: string; language: Language; choice: IdentificationChoice }) =>
          client.startIdentification(bodyOf(token, language, choice, env.identificationReturn)),
        ),
      ),
      chooseOffer: fromPromise(
        rethrowing(({ token, offerId }: { token: string; offerId: string }) =>
          client.chooseOffer(token, offerId, env.identificationReturn),
        ),
      ),
      watchStatus: fromCallback<ApplicationEvent, { token: string }>(({ sendBack, input }) =>
        client.watchStatus(input.token, (status) => sendBack({ type: 'STATUS', status })),
      ),
    },
    actions: {
      saveToken: (_, { token }: { token: string }) => {
        saveToken(env.local, token);
        env.onSubmitted?.();
      },
      clearToken: () => forgetApplication(env.local),
      openUrl: (_, { url }: { url: string }) => {
        if (url) env.navigate(url);
      },
    },
  });
}
