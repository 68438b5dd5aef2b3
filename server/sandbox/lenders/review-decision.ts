import type { DeclineReason } from '../../../domain/api.ts';
import type { Language } from '../../../domain/language.ts';
import type { LenderOfferTerms } from '../../../domain/offer.ts';
import type { PartnerApplication } from '../../lenders/messages.ts';
import type { SandboxLender } from './catalogue.ts';
import { decide } from './decide.ts';

/**
 * A sandbox lender's human review of its own decline. The credit specialist looks at the whole application and
 * may accept a monthly debt service up to 45 % of income (the automated rule stops at 40 %), so a close
 * debt-to-income decline can become an offer; every other decline stands, explained in the person's language.
 * Pure and deterministic, like `decide`.
 */
export const REVIEW_DEBT_SERVICE_SHARE = 0.45;

export type ReviewDecision =
  | { readonly type: 'upheld'; readonly explanation: string }
  | { readonly type: 'offer'; readonly explanation: string; readonly offer: LenderOfferTerms };

const UPHELD: Record<Language, Record<DeclineReason, string>> = {
  lv: {
    income:
      'Mūsu kredītspeciālists pārskatīja pieteikumu. Lēmums paliek spēkā: norādītie ienākumi ir zemāki par mūsu minimālo prasību vai nav tāda veida, ko varam pieņemt kā pastāvīgus.',
    debtToIncome:
      'Mūsu kredītspeciālists pārskatīja pieteikumu. Lēmums paliek spēkā: kopā ar esošajām saistībām ikmēneša maksājumi pārsniegtu atbildīgas kreditēšanas robežu pret jūsu ienākumiem.',
    age: 'Mūsu kredītspeciālists pārskatīja pieteikumu. Lēmums paliek spēkā: kredītu izsniedzam personām no 18 līdz 85 gadu vecumam.',
    employment:
      'Mūsu kredītspeciālists pārskatīja pieteikumu. Lēmums paliek spēkā: ienākumi pašreizējā darbavietā saņemti īsāku laiku, nekā prasa mūsu noteikumi.',
    purpose:
      'Mūsu kredītspeciālists pārskatīja pieteikumu. Lēmums paliek spēkā: šim kredīta mērķim mēs kredītus nepiedāvājam.',
    lenderPolicy:
      'Mūsu kredītspeciālists pārskatīja pieteikumu. Lēmums paliek spēkā: pieprasītā summa vai termiņš ir ārpus mūsu piedāvāto kredītu robežām.',
    other: 'Mūsu kredītspeciālists pārskatīja pieteikumu. Lēmums paliek spēkā saskaņā ar mūsu kreditēšanas politiku.',
  },
  ru: {
    income:
      'Наш кредитный специалист пересмотрел заявку. Решение остаётся в силе: указанный доход ниже нашего минимального требования или не относится к видам дохода, которые мы можем принять как постоянные.',
    debtToIncome:
      'Наш кредитный специалист пересмотрел заявку. Решение остаётся в силе: вместе с текущими обязательствами ежемесячные платежи превысили бы предел ответственного кредитования относительно вашего дохода.',
    age: 'Наш кредитный специалист пересмотрел заявку. Решение остаётся в силе: мы выдаём кредиты лицам в возрасте от 18 до 85 лет.',
    employment:
      'Наш кредитный специалист пересмотрел заявку. Решение остаётся в силе: доход на текущем месте работы получен меньше времени, чем требуют наши правила.',
    purpose: 'Наш кредитный специалист пересмотрел заявку. Решение остаётся в силе: на эту цель мы кредиты не выдаём.',
    lenderPolicy:
      'Наш кредитный специалист пересмотрел заявку. Решение остаётся в силе: запрошенная сумма или срок выходят за пределы наших кредитов.',
    other: 'Наш кредитный специалист пересмотрел заявку. Решение остаётся в силе согласно нашей кредитной политике.',
  },
};

const OFFERED: Record<Language, string> = {
  lv: 'Mūsu kredītspeciālists pārskatīja pieteikumu, ņemot vērā visus jūsu ienākumus un saistības, un varam piedāvāt kredītu. Piedāvājums ir redzams starp pārējiem.',
  ru: 'Наш кредитный специалист пересмотрел заявку с учётом всех ваших доходов и обязательств, и мы можем предложить кредит. Предложение показано среди остальных.',
};

export function reviewDecision(
  lender: SandboxLender,
  application: PartnerApplication,
  today: Date,
  language: Language,
): ReviewDecision {
  const automated = decide(lender, application, today);
  const reviewed = decide(lender, application, today, REVIEW_DEBT_SERVICE_SHARE);
  if (reviewed.type === 'offer') return { type: 'offer', explanation: OFFERED[language], offer: reviewed.offer };
  const reason = automated.type === 'decline' ? automated.reason : reviewed.reason;
  return { type: 'upheld', explanation: UPHELD[language][reason] };
}
