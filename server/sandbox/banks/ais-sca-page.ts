import type { FastifyReply } from 'fastify';
import type { Language } from '../../../domain/language.ts';
import type { Institution } from '../../identity/institutions.ts';
import { approvalForm } from '../approval-form.ts';
import { html, sendPage } from '../page.ts';
import type { Consent } from './ais-consents.ts';

/**
 * The bank's page where the person logs in and approves or refuses a consent for account information: strong
 * customer authentication by redirect, as the Berlin Group's REDIRECT approach has it.
 */

export const SCA_TEXT = {
  lv: {
    sandbox: 'Testa vide: šī nav īsta banka, dati ir izdomāti.',
    heading: 'Piekļuve konta informācijai',
    intro: 'Konta informācijas pakalpojuma sniedzējs lūdz jūsu piekrišanu lasīt:',
    accounts: 'kontu sarakstu',
    balances: 'kontu atlikumus',
    transactions: 'kontu darījumu vēsturi',
    validUntil: 'Piekrišana derīga līdz',
    access: 'Piekļuve',
    once: 'vienreizēja',
    recurring: 'atkārtota, reizes dienā',
    personalCode: 'Personas kods',
    personalCodeHint: 'Formāts: 010180-15097',
    firstName: 'Vārds',
    lastName: 'Uzvārds',
    approve: 'Piekrītu',
    refuse: 'Nepiekrītu',
    badPersonalCode: 'Ievadiet personas kodu formātā DDMMGG-NNNNN.',
    badName: 'Ievadiet vārdu un uzvārdu.',
    notFoundTitle: 'Piekrišana nav atrasta',
    notFound: 'Šādas piekrišanas nav vai tās termiņš ir beidzies.',
    doneTitle: 'Piekrišana jau izskatīta',
    done: 'Par šo piekrišanu lēmums jau ir pieņemts.',
  },
  ru: {
    sandbox: 'Тестовая среда: это не настоящий банк, данные выдуманы.',
    heading: 'Доступ к информации о счетах',
    intro: 'Поставщик услуги информации о счетах просит вашего согласия на чтение:',
    accounts: 'списка счетов',
    balances: 'остатков на счетах',
    transactions: 'истории операций по счетам',
    validUntil: 'Согласие действует до',
    access: 'Доступ',
    once: 'однократный',
    recurring: 'повторный, раз в день',
    personalCode: 'Персональный код',
    personalCodeHint: 'Формат: 010180-15097',
    firstName: 'Имя',
    lastName: 'Фамилия',
    approve: 'Согласен',
    refuse: 'Не согласен',
    badPersonalCode: 'Введите персональный код в формате ДДММГГ-NNNNN.',
    badName: 'Введите имя и фамилию.',
    notFoundTitle: 'Согласие не найдено',
    notFound: 'Такого согласия нет или его срок истёк.',
    doneTitle: 'Согласие уже рассмотрено',
    done: 'Решение по этому согласию уже принято.',
  },
} as const;

export interface ScaForm {
  readonly personalCode: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly errors: { readonly personalCode?: string; readonly name?: string };
}

export function scaPage(
  reply: FastifyReply,
  statusCode: number,
  action: string,
  bank: Institution,
  consent: Consent,
  form: ScaForm,
): FastifyReply {
  const lang = consent.language;
  const t = SCA_TEXT[lang];
  const kinds = [
    t.accounts,
    ...(consent.access.allAccounts || consent.access.balances.length > 0 || isBankOffered(consent) ? [t.balances] : []),
    ...(consent.access.allAccounts || consent.access.transactions.length > 0 || isBankOffered(consent)
      ? [t.transactions]
      : []),
  ];
  const body = html`<p class="sandbox">${t.sandbox}</p>
    <h1>${bank.name}</h1>
    <h2>${t.heading}</h2>
    <p>${t.intro}</p>
    <ul>
      ${kinds.map((kind) => html`<li>${kind}</li>`)}
    </ul>
    <dl>
      <dt>${t.validUntil}</dt>
      <dd>${consent.validUntil}</dd>
      <dt>${t.access}</dt>
      <dd>${consent.recurringIndicator ? `${t.recurring}: ${consent.frequencyPerDay}` : t.once}</dd>
    </dl>
    ${approvalForm({
      action,
      hidden: [],
      personalCode: form.personalCode,
      codeError: form.errors.personalCode,
      names: [
        { name: 'first_name', label: t.firstName, value: form.firstName, autocomplete: 'given-name' },
        { name: 'last_name', label: t.lastName, value: form.lastName, autocomplete: 'family-name' },
      ],
      nameError: form.errors.name,
      text: t,
    })}`;
  return sendPage(reply, statusCode, { lang, title: `${bank.name}: ${t.heading}`, body });
}

const isBankOffered = (consent: Consent) =>
  consent.access.accounts.length === 0 &&
  consent.access.balances.length === 0 &&
  consent.access.transactions.length === 0;

export function scaMessagePage(
  reply: FastifyReply,
  statusCode: number,
  lang: Language,
  which: 'notFound' | 'done',
): FastifyReply {
  const t = SCA_TEXT[lang];
  const title = which === 'notFound' ? t.notFoundTitle : t.doneTitle;
  const body = html`<p class="sandbox">${t.sandbox}</p>
    <h1>${title}</h1>
    <p>${t[which]}</p>`;
  return sendPage(reply, statusCode, { lang, title, body });
}
