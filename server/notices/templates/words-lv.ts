import { company } from '../../../domain/company.ts';
import { capitalize, pluralLv } from './plural.ts';
import type { CommonWords, Facts, MessageWords, NoticeKind, Wordbook } from './types.ts';

/**
 * The messages in Latvian, in the words of the site (locales/lv/screens.json, account.json): "jūs" in
 * lower case, no participles that would guess the reader's gender ("esat izvēlējies/-usies"), the lender
 * named after "aizdevējs" so its name is never declined. Counts after 0 and 10–20 take the nominative
 * plural, as the site's offer counts do ("Saņemti 11 piedāvājumi").
 */

const offersReceived = (count: number) =>
  pluralLv(count, {
    zero: 'saņemti {{count}} piedāvājumi',
    one: 'saņemts {{count}} piedāvājums',
    other: 'saņemti {{count}} piedāvājumi',
  });

/** dative: "nosūtīsim 16 aizdevējiem", "21 aizdevējam" */
const toLenders = (count: number) =>
  pluralLv(count, { zero: '{{count}} aizdevējiem', one: '{{count}} aizdevējam', other: '{{count}} aizdevējiem' });

const lendersDeclined = (count: number) =>
  pluralLv(count, {
    zero: '{{count}} aizdevēji atteica',
    one: '{{count}} aizdevējs atteica',
    other: '{{count}} aizdevēji atteica',
  });

const noneChosen = (count: number) =>
  pluralLv(count, {
    zero: 'Jums ir {{count}} piedāvājumi, taču neviens no tiem vēl nav izvēlēts.',
    one: 'Jums ir {{count}} piedāvājums, taču tas vēl nav izvēlēts.',
    other: 'Jums ir {{count}} piedāvājumi, taču neviens no tiem vēl nav izvēlēts.',
  });

/** how long a link lasts, accusative: "30 dienas", "21 dienu" */
const forDays = (count: number) =>
  pluralLv(count, { zero: '{{count}} dienas', one: '{{count}} dienu', other: '{{count}} dienas' });

const NO_OBLIGATION = 'Piedāvājuma izvēle neuzliek saistības: tās rodas tikai pēc līguma parakstīšanas ar aizdevēju.';
const BRAND = `${company.brand}:`;

const common: CommonWords = {
  greeting: (firstName) => (firstName ? `Labdien, ${firstName}!` : 'Labdien!'),
  buttonFallback: 'Ja poga nedarbojas, atveriet šo saiti:',
  personalLink: (days) => `Saite ir paredzēta tikai jums un derīga ${forDays(days)}. Lūdzu, nepārsūtiet to citiem.`,
  signature: ['Ar cieņu', `${company.brand} komanda`],
  why: 'Jūs saņemat šo e-pastu, jo piekritāt saņemt ziņas par sava kredīta pieteikuma gaitu e-pastā.',
  settings: 'Ziņu iestatījumus varat mainīt sadaļā “Mans profils”.',
  account: 'Mans profils',
  unsubscribe: 'Atteikties no e-pasta ziņām',
  company: [
    `${company.legalName}, reģ. Nr. ${company.registrationNumber}, ${company.address}`,
    `Licencēts kredīta starpnieks, PTAC licence Nr. ${company.licence}`,
    `Tālr. ${company.phone}, e-pasts ${company.email}`,
  ],
};

function message(kind: NoticeKind, facts: Facts): MessageWords {
  switch (kind) {
    case 'received':
      return {
        subject: 'Jūsu kredīta pieteikums ir saņemts',
        paragraphs: [
          'Paldies! Esam saņēmuši jūsu kredīta pieteikumu.',
          'Nākamais solis — identitātes apstiprināšana ar internetbanku, Smart-ID vai eParakstu, ja tā vēl nav paveikta. Tas ir droši un bez maksas.',
          facts.lenders === undefined
            ? 'Tiklīdz identitāte būs apstiprināta, pieteikumu nosūtīsim aizdevējiem. Piedāvājumi parasti pienāk stundas laikā pēc identifikācijas.'
            : `Tiklīdz identitāte būs apstiprināta, pieteikumu nosūtīsim ${toLenders(facts.lenders)}. Piedāvājumi parasti pienāk stundas laikā pēc identifikācijas.`,
          'Pieteikums un piedāvājumu salīdzināšana ir bez maksas un neuzliek saistības.',
        ],
        button: 'Turpināt pieteikumu',
        sms: `${BRAND} pieteikums saņemts. Turpiniet:`,
      };
    case 'offersReady': {
      const received = facts.offers === undefined ? 'saņemti pirmie piedāvājumi' : offersReceived(facts.offers);
      return {
        subject: `Jūsu kredīta pieteikums: ${received}`,
        paragraphs: [
          `Aizdevēji ir sākuši atbildēt uz jūsu pieteikumu: līdz šim ${received}.`,
          'Piedāvājumi ir spēkā ierobežotu laiku, tāpēc salīdziniet tos laikus. Pārējie aizdevēji vēl var atbildēt — jaunie piedāvājumi parādīsies turpat.',
          NO_OBLIGATION,
        ],
        button: 'Skatīt piedāvājumus',
        sms: `${BRAND} ${received}. Skatiet:`,
      };
    }
    case 'allAnswered': {
      if (facts.offers === 0) {
        return {
          subject: 'Jūsu kredīta pieteikums: atbildējuši visi aizdevēji',
          paragraphs: [
            'Visi aizdevēji ir atbildējuši uz jūsu pieteikumu, taču diemžēl šoreiz neviens neizteica piedāvājumu.',
            'Aizdevēji lēmumu pieņem paši, vērtējot, piemēram, ienākumus, esošās saistības un kredītvēsturi. Pieteikumā atradīsiet padomus, ko darīt tālāk.',
          ],
          button: 'Atvērt pieteikumu',
          sms: `${BRAND} visi aizdevēji atbildēja, piedāvājumu nav. Sīkāk:`,
        };
      }
      const declined = facts.declined ? `; ${lendersDeclined(facts.declined)}` : '';
      const received = facts.offers === undefined ? declined : `: ${offersReceived(facts.offers)}${declined}`;
      return {
        subject: 'Jūsu kredīta pieteikums: atbildējuši visi aizdevēji',
        paragraphs: [
          `Visi aizdevēji ir atbildējuši uz jūsu pieteikumu${received}.`,
          'Salīdziniet piedāvājumus un izvēlieties sev piemērotāko, kamēr tie ir spēkā — līgumu slēgsiet tieši ar aizdevēju.',
          NO_OBLIGATION,
        ],
        button: 'Salīdzināt piedāvājumus',
        sms:
          facts.offers === undefined
            ? `${BRAND} visi aizdevēji atbildēja. Skatiet:`
            : `${BRAND} visi aizdevēji atbildēja, ${offersReceived(facts.offers)}. Skatiet:`,
      };
    }
    case 'expiryReminder':
      return {
        subject: facts.expires
          ? `Atgādinājums: labākais piedāvājums derīgs līdz ${facts.expires}`
          : 'Atgādinājums: labākā piedāvājuma derīgums drīz beigsies',
        paragraphs: [
          facts.expires
            ? `Labākais piedāvājums jūsu kredīta pieteikumam ir derīgs līdz ${facts.expires} pēc Latvijas laika.`
            : 'Labākā piedāvājuma derīgums jūsu kredīta pieteikumam drīz beigsies.',
          ...(facts.offers ? [noneChosen(facts.offers)] : []),
          'Ja kredīts joprojām ir vajadzīgs, salīdziniet piedāvājumus un izvēlieties laikus. Ja vairs nav, nekas nav jādara: piedāvājumi neuzliek saistības.',
        ],
        button: 'Salīdzināt piedāvājumus',
        sms: facts.expires
          ? `${BRAND} labākais piedāvājums derīgs līdz ${facts.expires}. Skatiet:`
          : `${BRAND} labākais piedāvājums drīz beigsies. Skatiet:`,
      };
    case 'signed': {
      const lender = facts.lender ? `aizdevēju ${facts.lender}` : 'aizdevēju';
      return {
        subject: capitalize(`līgums ar ${lender} ir parakstīts`),
        paragraphs: [
          facts.amount
            ? `Līgums ar ${lender} par ${facts.amount} ir parakstīts.`
            : `Līgums ar ${lender} ir parakstīts.`,
          'Aizdevējs naudu uz jūsu bankas kontu parasti izmaksā 1–2 bankas darba dienu laikā. Jums nekas vairs nav jādara.',
          'Jums ir tiesības 14 dienu laikā pēc līguma noslēgšanas atkāpties no tā bez paskaidrojumiem, paziņojot par to aizdevējam.',
          'Pieteikuma statusu un izmaksu varat redzēt sadaļā “Mans profils”.',
        ],
        button: 'Atvērt Mans profils',
        sms: `${BRAND} līgums parakstīts. Nauda parasti 1–2 darba dienās. Mans profils:`,
      };
    }
  }
}

export const wordsLv: Wordbook = { common, message };
