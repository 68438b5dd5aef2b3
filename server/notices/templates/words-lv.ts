import { company } from '../../../domain/company.ts';
import type { NoticeData, NoticeKind } from './render.ts';
import { euros, plural, rigaTime, type FooterWords, type MessageWords } from './words.ts';

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

export const FOOTER_LV: FooterWords = {
  greeting: (firstName) => `Labdien, ${firstName}!`,
  why: 'Jūs saņemat šo ziņu, jo pieteikumā kredītam lūdzāt mūs informēt par tā gaitu.',
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
          'Aizdevējs naudu parasti izmaksā 1–2 darba dienu laikā. Nekas vairāk no jums nav vajadzīgs.',
        ],
        button: 'Atvērt Mans profils',
        sms: `Kreditkompass: līgums ar ${withLender(data.lenderName)} parakstīts. Nauda 1–2 darba dienās.`,
      };
  }
}
