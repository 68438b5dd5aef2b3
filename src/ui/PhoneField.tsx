import { useMemo, type Ref } from 'react';
import {
  ALL_PHONE_COUNTRIES,
  RELEVANT_PHONE_COUNTRIES,
  phoneCountryByIso,
  type PhoneCountryIso,
} from '../../domain/phone-countries.ts';
import { formatPhoneForDisplay, phoneCountryOfInput, phoneDigitsInput } from '../../domain/phone.ts';
import { Select, type SelectSection } from './Select.tsx';
import { TextField } from './TextField.tsx';
import './form-controls.css';

export interface PhoneValue {
  readonly country: PhoneCountryIso;
  /** what is typed so far, as +, the country's prefix and the digits (E.164 once complete): "+371" when empty */
  readonly number: string;
}

export interface PhoneFieldProps {
  readonly label: string;
  readonly countryLabel: string;
  readonly relevantTitle: string;
  readonly allTitle: string;
  /** the country's name in the page language */
  readonly countryName: (iso: PhoneCountryIso) => string;
  /** the page's locale (BCP 47): the "all" group is sorted by the names in it */
  readonly locale: string;
  readonly value: PhoneValue;
  readonly onChange: (value: PhoneValue) => void;
  readonly onBlur?: () => void;
  readonly description?: string;
  readonly error?: string | undefined;
  readonly isRequired?: boolean;
  readonly inputRef?: Ref<HTMLInputElement>;
  readonly 'data-field'?: string;
}

const dialCodeOf = (iso: PhoneCountryIso): string => phoneCountryByIso(iso)?.dialCode ?? '';
const RELEVANT = new Set<string>(RELEVANT_PHONE_COUNTRIES.map((country) => country.iso));

/** The digits after the prefix of `number`, for a country's prefix. */
export const subscriberDigits = (value: PhoneValue): string =>
  value.number.replace(/\D/g, '').slice(dialCodeOf(value.country).length);

/**
 * A phone number: the country picker (the relevant countries first, then all 39, each with its
 * +prefix) and the number, which keeps the prefix, drops spaces and punctuation, holds at most
 * 12 digits and shows them grouped 3+3+rest. A whole number pasted with its own +prefix picks its
 * country.
 */
export function PhoneField({
  label,
  countryLabel,
  relevantTitle,
  allTitle,
  countryName,
  locale,
  value,
  onChange,
  onBlur,
  description,
  error,
  isRequired,
  inputRef,
  'data-field': dataField,
}: PhoneFieldProps) {
  const sections = useMemo((): SelectSection[] => {
    const option = (group: string, iso: PhoneCountryIso) => ({
      id: `${group}:${iso}`,
      label: `${countryName(iso)} +${dialCodeOf(iso)}`,
    });
    const collator = new Intl.Collator(locale);
    const all = [...ALL_PHONE_COUNTRIES].sort((a, b) => collator.compare(countryName(a.iso), countryName(b.iso)));
    return [
      { id: 'relevant', title: relevantTitle, options: RELEVANT_PHONE_COUNTRIES.map((c) => option('relevant', c.iso)) },
      { id: 'all', title: allTitle, options: all.map((c) => option('all', c.iso)) },
    ];
  }, [countryName, locale, relevantTitle, allTitle]);

  const chooseCountry = (key: string) => {
    const iso = phoneCountryByIso(key.split(':')[1] ?? '')?.iso;
    if (!iso || iso === value.country) return;
    onChange({ country: iso, number: `+${dialCodeOf(iso)}${subscriberDigits(value)}` });
  };

  const type = (raw: string) => {
    const current = phoneCountryByIso(value.country);
    if (!current) return;
    const prefix = `+${current.dialCode}`;
    const trimmed = raw.trim();
    // what follows the prefix the field keeps; a +… pasted there is a whole number of its own
    let input = trimmed.startsWith(prefix) ? trimmed.slice(prefix.length) : trimmed;
    const plus = input.lastIndexOf('+');
    if (plus > 0) input = input.slice(plus);
    const country = phoneCountryOfInput(input) ?? current;
    onChange({ country: country.iso, number: phoneDigitsInput(input, country.dialCode) });
  };

  return (
    <div className="phone-field" data-field={dataField} data-invalid={error ? true : undefined}>
      <Select
        className="phone-field__country"
        label={countryLabel}
        value={`${RELEVANT.has(value.country) ? 'relevant' : 'all'}:${value.country}`}
        onChange={chooseCountry}
        sections={sections}
        placeholder={countryLabel}
      />
      <TextField
        className="phone-field__number"
        label={label}
        description={description}
        error={error}
        isRequired={isRequired}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        value={formatPhoneForDisplay(value.number)}
        onChange={type}
        onBlur={onBlur}
        inputRef={inputRef}
      />
    </div>
  );
}
