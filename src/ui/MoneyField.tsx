import { TextField, type TextFieldProps } from './TextField.tsx';

export type MoneyFieldProps = Omit<TextFieldProps, 'type' | 'inputMode' | 'suffix'>;

/**
 * A sum of euros, typed as text: a phone's number pad with a decimal key, the euro sign after the
 * digits. The form reads the text (spaces and a decimal comma are fine) and its schema judges it.
 */
export function MoneyField(props: MoneyFieldProps) {
  return <TextField {...props} inputMode="decimal" suffix="€" maxLength={props.maxLength ?? 12} />;
}
