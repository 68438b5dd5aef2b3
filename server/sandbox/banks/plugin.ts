import type { FastifyInstance, FastifyReply } from 'fastify';
import { isLanguage, type Language } from '../../../domain/language.ts';
import { BANK_RETURN_VERSION, signBankReturn, type BankReturnFields } from '../../identity/bank-link.ts';
import { findInstitution, type Institution } from '../../identity/institutions.ts';
import { formatPersonalCode } from '../../../domain/personal-code.ts';
import { approvalForm, MAX_NAME } from '../approval-form.ts';
import { addFormBodyParser, field, html, parseHttpUrl, sendPage } from '../page.ts';

/**
 * Sandbox internet banks (see server/identity/bank-link.ts for the protocol):
 *   GET  {prefix}/:bankId/authorize?client_id&state&return_url&lang  the bank's login page
 *   POST {prefix}/:bankId/authorize                                  Approve / Refuse → 303 to return_url
 * Any client id is accepted (it is signed into the answer, the broker checks it is its own) and any
 * http(s) return URL: this is a test bank.
 */

export interface BankSandboxOptions {
  /** default '/sandbox/banks' */
  readonly prefix?: string;
}

const SAMPLE_FIRST_NAME = 'Jānis';
const SAMPLE_LAST_NAME = 'Bērziņš';
const MAX_STATE = 512;

const TEXT = {
  lv: {
    sandbox: 'Testa vide: šī nav īsta banka, dati netiek pārbaudīti.',
    heading: 'Identifikācija',
    intro: (client: string) => `Pakalpojums “${client}” lūdz apstiprināt jūsu identitāti.`,
    personalCode: 'Personas kods',
    personalCodeHint: 'Formāts: 010180-15097',
    firstName: 'Vārds',
    lastName: 'Uzvārds',
    approve: 'Apstiprināt',
    refuse: 'Atteikt',
    badPersonalCode: 'Ievadiet personas kodu formātā DDMMGG-NNNNN.',
    badName: 'Ievadiet vārdu un uzvārdu.',
    notFoundTitle: 'Banka nav atrasta',
    notFound: 'Šādas bankas testa vidē nav.',
    badRequestTitle: 'Nederīgs pieprasījums',
    badRequest: 'Pieprasījumā trūkst vai ir nederīgi lauki (client_id, state, return_url).',
  },
  ru: {
    sandbox: 'Тестовая среда: это не настоящий банк, данные не проверяются.',
    heading: 'Идентификация',
    intro: (client: string) => `Сервис «${client}» просит подтвердить вашу личность.`,
    personalCode: 'Персональный код',
    personalCodeHint: 'Формат: 010180-15097',
    firstName: 'Имя',
    lastName: 'Фамилия',
    approve: 'Подтвердить',
    refuse: 'Отказать',
    badPersonalCode: 'Введите персональный код в формате ДДММГГ-NNNNN.',
    badName: 'Введите имя и фамилию.',
    notFoundTitle: 'Банк не найден',
    notFound: 'Такого банка в тестовой среде нет.',
    badRequestTitle: 'Неверный запрос',
    badRequest: 'В запросе нет нужных полей или они неверны (client_id, state, return_url).',
  },
} as const;

interface AuthorizeRequest {
  readonly clientId: string;
  readonly state: string;
  readonly returnUrl: URL;
  readonly lang: Language;
}

function readRequest(source: unknown): AuthorizeRequest | null {
  const clientId = field(source, 'client_id');
  const state = field(source, 'state');
  const returnUrl = parseHttpUrl(field(source, 'return_url'));
  const lang = languageOf(source);
  if (!/^[\w.-]{1,64}$/.test(clientId) || state.length === 0 || state.length > MAX_STATE || !returnUrl) return null;
  return { clientId, state, returnUrl, lang };
}

function languageOf(source: unknown): Language {
  const lang = field(source, 'lang');
  return isLanguage(lang) ? lang : 'lv';
}

interface FormState {
  readonly personalCode: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly errors: { readonly personalCode?: string; readonly name?: string };
}

function loginPage(
  reply: FastifyReply,
  statusCode: number,
  action: string,
  bank: Institution,
  request: AuthorizeRequest,
  form: FormState,
): FastifyReply {
  const t = TEXT[request.lang];
  const body = html` <p class="sandbox">${t.sandbox}</p>
    <h1>${bank.name}</h1>
    <h2>${t.heading}</h2>
    <p>${t.intro(request.clientId)}</p>
    ${approvalForm({
      action,
      hidden: [
        ['client_id', request.clientId],
        ['state', request.state],
        ['return_url', request.returnUrl.toString()],
        ['lang', request.lang],
      ],
      personalCode: form.personalCode,
      codeError: form.errors.personalCode,
      names: [
        { name: 'first_name', label: t.firstName, value: form.firstName, autocomplete: 'given-name' },
        { name: 'last_name', label: t.lastName, value: form.lastName, autocomplete: 'family-name' },
      ],
      nameError: form.errors.name,
      text: t,
    })}`;
  return sendPage(reply, statusCode, { lang: request.lang, title: `${bank.name}: ${t.heading}`, body });
}

function messagePage(reply: FastifyReply, statusCode: number, lang: Language, title: string, message: string) {
  const body = html`<p class="sandbox">${TEXT[lang].sandbox}</p>
    <h1>${title}</h1>
    <p>${message}</p>`;
  return sendPage(reply, statusCode, { lang, title, body });
}

export async function registerBankSandbox(app: FastifyInstance, opts: BankSandboxOptions = {}): Promise<void> {
  const prefix = (opts.prefix ?? '/sandbox/banks').replace(/\/+$/, '');

  await app.register(
    async (bankApp) => {
      addFormBodyParser(bankApp);

      bankApp.get<{ Params: { bankId: string } }>('/:bankId/authorize', (request, reply) => {
        const lang = languageOf(request.query);
        const bank = findInstitution(request.params.bankId);
        if (!bank) return messagePage(reply, 404, lang, TEXT[lang].notFoundTitle, TEXT[lang].notFound);
        const authorize = readRequest(request.query);
        if (!authorize) return messagePage(reply, 400, lang, TEXT[lang].badRequestTitle, TEXT[lang].badRequest);
        return loginPage(reply, 200, `${prefix}/${bank.id}/authorize`, bank, authorize, {
          personalCode: '',
          firstName: SAMPLE_FIRST_NAME,
          lastName: SAMPLE_LAST_NAME,
          errors: {},
        });
      });

      bankApp.post<{ Params: { bankId: string } }>('/:bankId/authorize', (request, reply) => {
        const body = request.body;
        const lang = languageOf(body);
        const bank = findInstitution(request.params.bankId);
        if (!bank) return messagePage(reply, 404, lang, TEXT[lang].notFoundTitle, TEXT[lang].notFound);
        const authorize = readRequest(body);
        if (!authorize) return messagePage(reply, 400, lang, TEXT[lang].badRequestTitle, TEXT[lang].badRequest);
        const decision = field(body, 'decision');
        if (decision !== 'approve' && decision !== 'refuse') {
          return messagePage(reply, 400, lang, TEXT[lang].badRequestTitle, TEXT[lang].badRequest);
        }

        let signed: Omit<BankReturnFields, 'v' | 'client_id' | 'bank' | 'state' | 'timestamp'>;
        if (decision === 'refuse') {
          signed = { status: 'refused', personal_code: '', first_name: '', last_name: '' };
        } else {
          const typedCode = field(body, 'personal_code');
          const firstName = field(body, 'first_name').trim();
          const lastName = field(body, 'last_name').trim();
          const personalCode = formatPersonalCode(typedCode);
          const nameOk =
            firstName.length > 0 && lastName.length > 0 && firstName.length <= MAX_NAME && lastName.length <= MAX_NAME;
          if (!personalCode || !nameOk) {
            return loginPage(reply, 422, `${prefix}/${bank.id}/authorize`, bank, authorize, {
              personalCode: typedCode.slice(0, 20),
              firstName: firstName.slice(0, MAX_NAME),
              lastName: lastName.slice(0, MAX_NAME),
              errors: {
                ...(personalCode ? {} : { personalCode: TEXT[lang].badPersonalCode }),
                ...(nameOk ? {} : { name: TEXT[lang].badName }),
              },
            });
          }
          signed = { status: 'ok', personal_code: personalCode, first_name: firstName, last_name: lastName };
        }

        const fields: BankReturnFields = {
          v: BANK_RETURN_VERSION,
          client_id: authorize.clientId,
          bank: bank.id,
          state: authorize.state,
          timestamp: new Date().toISOString(),
          ...signed,
        };
        const target = new URL(authorize.returnUrl);
        for (const [name, value] of Object.entries(fields)) target.searchParams.set(name, value);
        target.searchParams.set('mac', signBankReturn(bank.id, fields));
        return reply.header('cache-control', 'no-store').redirect(target.toString(), 303);
      });
    },
    { prefix },
  );
}
