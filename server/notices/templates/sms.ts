/**
 * How an SMS travels: in the GSM 7-bit alphabet (160 characters in one message, 153 a part when split)
 * when every character is in it, else in UCS-2 (70, then 67 a part). Latvian letters with diacritics
 * (ā, č, ē, ģ, ī, ķ, ļ, ņ, š, ū, ž) and Cyrillic are not in the GSM alphabet.
 */
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** characters of the extension table, two septets each */
const GSM_EXTENDED = '^{}\\[~]|€\f';

export interface SmsSize {
  readonly encoding: 'gsm7' | 'ucs2';
  /** septets in GSM 7-bit, UTF-16 code units in UCS-2 */
  readonly units: number;
  readonly parts: number;
}

export function smsSize(text: string): SmsSize {
  let septets = 0;
  for (const char of text) {
    if (GSM_BASIC.includes(char)) septets += 1;
    else if (GSM_EXTENDED.includes(char)) septets += 2;
    else {
      const units = text.length;
      return { encoding: 'ucs2', units, parts: units <= 70 ? 1 : Math.ceil(units / 67) };
    }
  }
  return { encoding: 'gsm7', units: septets, parts: septets <= 160 ? 1 : Math.ceil(septets / 153) };
}
