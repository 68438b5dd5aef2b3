import { company } from '../../../domain/company.ts';
import { slotText } from '../../../domain/consultant-hours.ts';
import type { PayoutTime } from '../../../domain/offer.ts';
import type { NoticeData, NoticeKind, RequestedDocument } from './render.ts';
import { euros, plural, pluralCategory, rigaTime, type FooterWords, type MessageWords } from './words.ts';

const offers = (count: number) =>
  plural('lv', count, { zero: 'piedāvājumu', one: 'piedāvājums', other: 'piedāvājumi' });
/** "nosūtīsim N aizdevējiem": the dative after a number (1, 21: singular; 0, 11–19 and the rest: plural) */
const lenders = (count: number) =>
  plural('lv', count, { zero: 'aizdevējiem', one: 'aizdevējam', other: 'aizdevējiem' });

/**
 * "ar aizdevēju Luminor": the common noun takes the sentence's case and the brand stays as it is written, since a
 * lender's name does not decline ("ar Ziemeļu Banka" would want "ar Ziemeļu Banku").
 */
const withLender = (name: string | undefined) => (name ? `aizdevēju ${name}` : 'aizdevēju');

/** "1 darba stundas laikā", "2 darba stundu laikā", "21 darba dienas laikā": the genitive after a number */
const within = ({ within: count, unit }: PayoutTime) =>
  unit === 'workingHours'
    ? plural('lv', count, { zero: 'darba stundu laikā', one: 'darba stundas laikā', other: 'darba stundu laikā' })
    : plural('lv', count, { zero: 'darba dienu laikā', one: 'darba dienas laikā', other: 'darba dienu laikā' });

/** "par pēdējiem 6 mēnešiem", "par pēdējo 21 mēnesi": a number ending in 1 (not 11) takes the singular */
const lastMonths = (count: number) => {
  if (count === 1) return 'par pēdējo mēnesi';
  return pluralCategory('lv', count) === 'one' ? `par pēdējo ${count} mēnesi` : `par pēdējiem ${count} mēnešiem`;
};

/** What the lender asks for, as the list after "šādus dokumentus:" names it (nominative, lower case). */
const documentLv = (document: RequestedDocument): string => {
  switch (document.kind) {
    case 'bankStatement':
      return document.months ? `bankas konta izraksts ${lastMonths(document.months)}` : 'bankas konta izraksts';
    case 'incomeProof':
      return 'izziņa par ienākumiem';
    case 'employmentContract':
      return 'darba līguma kopija';
    case 'businessIncome':
      return 'saimnieciskās darbības ienākumu apliecinājums';
    case 'other':
      return document.text ?? 'cits dokuments';
  }
};

/** "aizdevējs Luminor": the noun beside the brand, which does not decline (see withLender) */
const theLender = (name: string | undefined) => (name ? `aizdevējs ${name}` : 'aizdevējs');

function documentsRequestedLv(data: NoticeData): MessageWords {
  const due = data.documentsDueAt ? rigaTime(data.documentsDueAt) : null;
  const list = (data.requestedDocuments ?? []).map(documentLv).join('; ');
  return {
    subject: `${data.lenderName ? `Aizdevējs ${data.lenderName}` : 'Aizdevējs'} lūdz dokumentus`,
    paragraphs: [
      `Lai izskatītu jūsu pieteikumu, ${theLender(data.lenderName)} lūdz iesniegt šādus dokumentus: ${list}.`,
      `${due ? `Termiņš: līdz ${due}. ` : ''}Ja dokumenti laikā nepienāks, šis aizdevējs piedāvājumu var neizteikt.`,
      'Dokumentus augšupielādējiet pieteikumā: tos saņems tikai šis aizdevējs, citi aizdevēji tos neredzēs.',
    ],
    button: 'Iesniegt dokumentus',
    sms: `Kreditkompass: ${theLender(data.lenderName)} lūdz dokumentus${due ? ` līdz ${due}` : ''}. Iesniedziet:`,
  };
}

function callRequestedLv(data: NoticeData): MessageWords {
  const slot = data.callSlot ? slotText('lv', data.callSlot) : '';
  return {
    subject: `Konsultants jums piezvanīs: ${slot}`,
    paragraphs: [
      `Paldies! Konsultants jums piezvanīs uz tālruņa numuru, kuru norādījāt pieteikumā. Zvana laiks: ${slot} (Rīgas laiks).`,
      'Ja laiks vairs neder, pieteikumā vai sadaļā “Mans profils” to varat mainīt vai zvanu atcelt.',
    ],
    button: 'Mainīt vai atcelt zvanu',
    sms: `Kreditkompass: konsultants jums piezvanīs: ${slot}. Mainīt vai atcelt:`,
  };
}

export const FOOTER_LV: FooterWords = {
  greeting: (firstName) => `Labdien, ${firstName}!`,
  why: 'Jūs saņemat šo ziņu, jo ar šo e-pasta adresi iesniedzāt kredīta pieteikumu: tās ir ziņas par jūsu pieteikumu, nevis reklāma. Atteikties varat ar vienu klikšķi zemāk.',
  unsubscribe: 'Atteikties no e-pasta ziņām',
  account: 'Mans profils',
  linkNote: 'Saite ir personīga un derīga 30 dienas; nepārsūtiet to citiem.',
  company: `${company.legalName}, reģ. Nr. ${company.registrationNumber}, ${company.address}, ${company.phone}, ${company.email}. Kreditēšanas starpnieka licence ${company.licence}.`,
};

export function wordsLv(kind: NoticeKind, data: NoticeData): MessageWords {
  switch (kind) {
    case 'received':
      return {
        subject: 'Jūsu kredīta pieteikums ir saņemts',
        paragraphs: [
          'Paldies, jūsu pieteikums ir saņemts.',
          `Nākamais solis ir apstiprināt identitāti ar internetbanku, Smart-ID vai eParakstu. Tad pieteikumu nosūtīsim ${lenders(data.lenderCount ?? 0)}, un piedāvājumi parasti pienāk stundas laikā.`,
          'Ja pārtraucāt, turpiniet turpat, kur palikāt:',
        ],
        button: 'Turpināt pieteikumu',
        sms: 'Kreditkompass: pieteikums saņemts. Turpiniet:',
      };
    case 'offersReady':
      return {
        subject: `Pienākuši pirmie piedāvājumi: ${offers(data.offerCount ?? 0)}`,
        paragraphs: [
          `Aizdevēji ir sākuši atbildēt: līdz šim ${offers(data.offerCount ?? 0)}.`,
          'Salīdziniet tos, kamēr tie ir spēkā; citi aizdevēji vēl var atbildēt.',
        ],
        button: 'Skatīt piedāvājumus',
        sms: `Kreditkompass: ${offers(data.offerCount ?? 0)} jau gaida. Skatiet:`,
      };
    case 'allAnswered':
      return {
        subject: 'Visi aizdevēji ir atbildējuši',
        paragraphs: [
          `Visi aizdevēji ir atbildējuši: ${offers(data.offerCount ?? 0)}${data.declinedCount ? `, ${data.declinedCount} atteica` : ''}.`,
          'Izvēlieties sev piemērotāko, pirms piedāvājumu derīgums beidzas.',
        ],
        button: 'Salīdzināt piedāvājumus',
        sms: 'Kreditkompass: visi aizdevēji atbildējuši. Skatiet:',
      };
    case 'expiryReminder':
      return {
        subject: 'Labākais piedāvājums drīz beigsies',
        paragraphs: [
          `Labākā piedāvājuma derīgums beidzas ${data.expiresAt ? rigaTime(data.expiresAt) : 'drīz'}, un jūs vēl neesat izvēlējies nevienu no ${offers(data.offerCount ?? 0)}.`,
          'Ja kredīts joprojām ir vajadzīgs, izvēlieties laikus.',
        ],
        button: 'Izvēlēties piedāvājumu',
        sms: `Kreditkompass: labākais piedāvājums beigsies ${data.expiresAt ? rigaTime(data.expiresAt) : 'drīz'}. Izvēlieties:`,
      };
    case 'signed':
      return {
        subject: `Līgums ar ${withLender(data.lenderName)} ir parakstīts`,
        paragraphs: [
          `Apsveicam! Jūs parakstījāt līgumu ar ${withLender(data.lenderName)} par ${euros('lv', data.amount ?? 0)}.`,
          data.payoutTime
            ? `Aizdevējs naudu parasti izmaksā ${within(data.payoutTime)} pēc līguma parakstīšanas. Nekas vairāk no jums nav vajadzīgs.`
            : 'Par naudas izmaksas laiku jūs informēs aizdevējs. Nekas vairāk no jums nav vajadzīgs.',
        ],
        button: 'Atvērt Mans profils',
        sms: `Kreditkompass: līgums ar ${withLender(data.lenderName)} parakstīts.${data.payoutTime ? ` Izmaksa parasti ${within(data.payoutTime)}.` : ''}`,
      };
    case 'paid':
      return {
        subject: 'Nauda ir izmaksāta',
        paragraphs: [
          `${data.lenderName ? `Aizdevējs ${data.lenderName}` : 'Aizdevējs'} ir izmaksājis ${euros('lv', data.amount ?? 0)} uz jūsu bankas kontu.`,
          'Bankas pārskaitījums jūsu kontā parasti nonāk tajā pašā darba dienā, vēlākais nākamajā darba dienā. Kredīta kopsavilkums un standarta informācija ir jūsu profilā.',
        ],
        button: 'Atvērt Mans profils',
        sms: 'Kreditkompass: nauda ir izmaksāta.',
      };
    case 'documentsRequested':
      return documentsRequestedLv(data);
    case 'callRequested':
      return callRequestedLv(data);
    case 'continueLink':
      return {
        subject: 'Saite jūsu kredīta pieteikuma turpināšanai',
        paragraphs: [
          'Mūsu konsultants jums nosūtīja saiti, ar kuru varat turpināt savu kredīta pieteikumu.',
          'Tā atver pieteikumu tur, kur to atstājāt.',
        ],
        button: 'Turpināt pieteikumu',
        sms: 'Kreditkompass: saite pieteikuma turpināšanai:',
      };
  }
}
