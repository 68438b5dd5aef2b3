/** The messages of an application and what they may tell: never a personal code, income, phone or e-mail. */
export type NoticeKind = 'received' | 'offersReady' | 'allAnswered' | 'expiryReminder' | 'signed';

export const NOTICE_KINDS: readonly NoticeKind[] = [
  'received',
  'offersReady',
  'allAnswered',
  'expiryReminder',
  'signed',
];

export interface NoticeData {
  readonly firstName: string;
  /** opens the application where it stands (a signed continue link) */
  readonly continueUrl: string;
  /** a page where the person confirms stopping e-mails (the List-Unsubscribe header is set elsewhere) */
  readonly unsubscribeUrl: string;
  /** the personal account "Mans profils" (/profils, /ru/profil) */
  readonly accountUrl: string;
  /** offersReady, allAnswered, expiryReminder */
  readonly offerCount?: number;
  /** received (the lenders asked once identity is confirmed), allAnswered */
  readonly lenderCount?: number;
  /** allAnswered, when known */
  readonly declinedCount?: number;
  /** expiryReminder: ISO time the best offer expires */
  readonly expiresAt?: string;
  /** signed */
  readonly lenderName?: string;
  /** signed: the loan amount in euros */
  readonly amount?: number;
}

export interface RenderedMail {
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

/**
 * The facts a message tells, checked and formatted for its language: counts are whole and not negative
 * (or absent), names are one clean line, the time and the amount are already written out.
 */
export interface Facts {
  readonly offers?: number;
  readonly lenders?: number;
  readonly declined?: number;
  /** "26.11.2026 14:30", Riga's wall clock */
  readonly expires?: string;
  readonly lender?: string;
  /** "5000 €", as the site writes euros */
  readonly amount?: string;
}

/** What one message says, before it is laid out as text and HTML. */
export interface MessageWords {
  readonly subject: string;
  readonly paragraphs: readonly string[];
  /** the button's text: says where it leads */
  readonly button: string;
  /** the SMS before its link */
  readonly sms: string;
}

/** What every e-mail of a language says around its message. */
export interface CommonWords {
  readonly greeting: (firstName: string) => string;
  /** under the button, before the same address written out */
  readonly buttonFallback: string;
  /** the continue link is personal and expires */
  readonly personalLink: (days: number) => string;
  readonly signature: readonly string[];
  /** why the person receives this e-mail */
  readonly why: string;
  /** where the choices of messages are changed */
  readonly settings: string;
  readonly account: string;
  readonly unsubscribe: string;
  /** the company's name, registration, licence and contacts */
  readonly company: readonly string[];
}

export interface Wordbook {
  readonly common: CommonWords;
  readonly message: (kind: NoticeKind, facts: Facts) => MessageWords;
}
