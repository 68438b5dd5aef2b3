// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Checkbox } from './Checkbox.tsx';
import { CheckboxGroup } from './CheckboxGroup.tsx';
import { InfoTip } from './InfoTip.tsx';
import { MoneyField } from './MoneyField.tsx';
import { PhoneField, type PhoneValue } from './PhoneField.tsx';
import { Select } from './Select.tsx';
import { TextField } from './TextField.tsx';
import { YesNoField } from './YesNoField.tsx';

const names: Record<string, string> = { LV: 'Latvija', LT: 'Lietuva', EE: 'Igaunija', AT: 'Austrija', US: 'ASV' };
const countryName = (iso: string) => names[iso] ?? `Valsts ${iso}`;

function Phone({ error, initial }: { error?: string; initial?: PhoneValue }) {
  const [value, setValue] = useState<PhoneValue>(initial ?? { country: 'LV', number: '+371' });
  return (
    <PhoneField
      label="Tālruņa numurs"
      countryLabel="Valsts"
      relevantTitle="Biežāk izvēlētās"
      allTitle="Visas valstis"
      countryName={countryName}
      locale="lv-LV"
      value={value}
      onChange={setValue}
      error={error}
      isRequired
    />
  );
}

describe('TextField and MoneyField', () => {
  it('label, help and error are linked to the input', () => {
    render(
      <TextField
        label="Vārds"
        description="Kā pasē"
        error="Lūdzu, ievadiet datus"
        isRequired
        value=""
        onChange={() => {}}
      />,
    );
    const input = screen.getByRole('textbox', { name: 'Vārds' });
    expect(input).toHaveAttribute('aria-required', 'true');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Kā pasē Lūdzu, ievadiet datus');
  });

  it('a valid field is not marked invalid and shows no message', () => {
    const { container } = render(<TextField label="Vārds" value="Anna" onChange={() => {}} />);
    expect(screen.getByRole('textbox', { name: 'Vārds' })).not.toHaveAttribute('aria-invalid');
    expect(container.querySelector('.field__error')).toBeNull();
  });

  it('a money field opens the decimal keypad and shows the euro sign beside the digits', () => {
    render(<MoneyField label="Ienākumi" value="1500" onChange={() => {}} />);
    const input = screen.getByRole('textbox', { name: 'Ienākumi' });
    expect(input).toHaveAttribute('inputmode', 'decimal');
    expect(screen.getByText('€')).toHaveAttribute('aria-hidden', 'true');
  });
});

describe('YesNoField', () => {
  function Question({ error }: { error?: string }) {
    const [value, setValue] = useState<boolean | null>(null);
    return (
      <YesNoField
        label="Vai jums ir apgādājamie?"
        yesLabel="Jā"
        noLabel="Nē"
        value={value}
        onChange={setValue}
        error={error}
        isRequired
      />
    );
  }

  it('starts with neither answer and is answered by keyboard', async () => {
    const user = userEvent.setup();
    render(<Question />);
    const group = screen.getByRole('radiogroup', { name: 'Vai jums ir apgādājamie?' });
    const yes = within(group).getByRole('radio', { name: 'Jā' });
    const no = within(group).getByRole('radio', { name: 'Nē' });
    expect(yes).not.toBeChecked();
    expect(no).not.toBeChecked();
    await user.tab();
    expect(yes).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(no).toBeChecked();
    expect(no).toHaveFocus();
  });

  it('links its error to the group', () => {
    render(<Question error="Lūdzu, ievadiet datus" />);
    const group = screen.getByRole('radiogroup', { name: 'Vai jums ir apgādājamie?' });
    expect(group).toHaveAttribute('aria-invalid', 'true');
    expect(group).toHaveAccessibleDescription('Lūdzu, ievadiet datus');
  });
});

describe('Select', () => {
  function Pick({ error }: { error?: string }) {
    const [value, setValue] = useState<string | null>(null);
    return (
      <Select
        label="Kredīta mērķis"
        placeholder="Izvēlieties"
        options={[
          { id: 'car', label: 'Auto iegāde' },
          { id: 'repair', label: 'Mājokļa remonts' },
        ]}
        value={value}
        onChange={setValue}
        error={error}
        isRequired
      />
    );
  }

  it('shows the placeholder until an option is chosen, by keyboard too', async () => {
    const user = userEvent.setup();
    render(<Pick />);
    const select = screen.getByRole('combobox', { name: 'Kredīta mērķis' });
    expect(select).toHaveDisplayValue('Izvēlieties');
    expect(select).toHaveAttribute('aria-required', 'true');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Izvēlieties', 'Auto iegāde', 'Mājokļa remonts']);
    // the placeholder cannot be chosen back
    expect(within(select).getByRole('option', { name: 'Izvēlieties' })).toBeDisabled();
    await user.tab();
    expect(select).toHaveFocus();
    await user.selectOptions(select, 'Mājokļa remonts');
    expect(select).toHaveDisplayValue('Mājokļa remonts');
  });

  it('links its error to the select', () => {
    render(<Pick error="Izvēlieties kredīta mērķi" />);
    const select = screen.getByRole('combobox', { name: 'Kredīta mērķis' });
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription('Izvēlieties kredīta mērķi');
  });
});

describe('Checkbox and CheckboxGroup', () => {
  it('is not ticked by default; its description may hold links that do not tick it', async () => {
    const user = userEvent.setup();
    function Consent() {
      const [checked, setChecked] = useState(false);
      return (
        <Checkbox
          isSelected={checked}
          onChange={setChecked}
          isRequired
          error={checked ? undefined : 'Lai turpinātu, apstipriniet noteikumus'}
          description={<a href="/noteikumi">Noteikumi</a>}
        >
          Piekrītu noteikumiem
        </Checkbox>
      );
    }
    render(<Consent />);
    const box = screen.getByRole('checkbox', { name: 'Piekrītu noteikumiem' });
    expect(box).not.toBeChecked();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('Noteikumi Lai turpinātu, apstipriniet noteikumus');
    await user.click(screen.getByText('Piekrītu noteikumiem'));
    expect(box).toBeChecked();
    expect(box).not.toHaveAttribute('aria-invalid');
  });

  it('a group keeps the given order and reports the ticked values', async () => {
    const user = userEvent.setup();
    const seen: string[][] = [];
    function Group() {
      const [value, setValue] = useState<string[]>([]);
      return (
        <CheckboxGroup
          label="Ienākumu veidi"
          options={[
            { id: 'a', label: 'Alga' },
            { id: 'b', label: 'Pensija' },
          ]}
          value={value}
          onChange={(next) => {
            seen.push(next);
            setValue(next);
          }}
          error={value.length === 0 ? 'Izvēlieties vismaz vienu' : undefined}
        />
      );
    }
    render(<Group />);
    const group = screen.getByRole('group', { name: 'Ienākumu veidi' });
    expect(group).toHaveAccessibleDescription('Izvēlieties vismaz vienu');
    await user.click(within(group).getByRole('checkbox', { name: 'Pensija' }));
    await user.click(within(group).getByRole('checkbox', { name: 'Alga' }));
    expect(seen.at(-1)).toEqual(['b', 'a']);
  });
});

describe('PhoneField', () => {
  it('starts at +371 and groups the digits 3+3+rest', async () => {
    const user = userEvent.setup();
    render(<Phone />);
    const input = screen.getByRole('textbox', { name: 'Tālruņa numurs' });
    expect(input).toHaveValue('+371');
    expect(input).toHaveAttribute('type', 'tel');
    await user.click(input);
    await user.keyboard('2 1 2 3 4 5 6 7');
    expect(input).toHaveValue('+371 212 345 67');
  });

  it('lists the relevant countries first, then all 39 sorted by their names', () => {
    render(<Phone />);
    const select = screen.getByRole('combobox', { name: 'Valsts' });
    expect(select).toHaveDisplayValue('Latvija +371');
    const [relevant, all] = within(select).getAllByRole('group');
    expect(relevant).toHaveAttribute('label', 'Biežāk izvēlētās');
    expect(within(relevant as HTMLElement).getAllByRole('option')[0]).toHaveTextContent('Latvija +371');
    expect(all).toHaveAttribute('label', 'Visas valstis');
    const allOptions = within(all as HTMLElement).getAllByRole('option');
    expect(allOptions).toHaveLength(39);
    expect(allOptions[0]).toHaveTextContent('ASV +1');
    expect(allOptions[1]).toHaveTextContent('Austrija +43');
  });

  it('keeps the digits when the country changes and shows the chosen prefix', async () => {
    const user = userEvent.setup();
    render(<Phone initial={{ country: 'LV', number: '+37120000000' }} />);
    const select = screen.getByRole('combobox', { name: 'Valsts' });
    await user.selectOptions(select, 'all:EE');
    expect(select).toHaveDisplayValue('Igaunija +372');
    expect(screen.getByRole('textbox', { name: 'Tālruņa numurs' })).toHaveValue('+372 200 000 00');
  });

  it('takes a whole number pasted with its own prefix, and its country', async () => {
    const user = userEvent.setup();
    render(<Phone />);
    const input = screen.getByRole('textbox', { name: 'Tālruņa numurs' });
    await user.click(input);
    await user.paste('+370 612 34567');
    expect(screen.getByRole('combobox', { name: 'Valsts' })).toHaveDisplayValue('Lietuva +370');
    expect(input).toHaveValue('+370 612 345 67');
  });

  it('marks the number invalid with its message', () => {
    render(<Phone error="Tālruņa numurs ievadīts nepareizi" />);
    const input = screen.getByRole('textbox', { name: 'Tālruņa numurs' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Tālruņa numurs ievadīts nepareizi');
  });
});

describe('InfoTip', () => {
  it('shows its explanation with the keyboard and hides it with Escape', async () => {
    const user = userEvent.setup();
    render(
      <InfoTip label="Kas ir politiski nozīmīga persona?">
        <p>Persona nozīmīgā publiskā amatā.</p>
      </InfoTip>,
    );
    await user.tab();
    const button = screen.getByRole('button', { name: 'Kas ir politiski nozīmīga persona?' });
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Persona nozīmīgā publiskā amatā.')).not.toBeVisible();
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('note', { name: 'Kas ir politiski nozīmīga persona?' })).toHaveTextContent(
      'Persona nozīmīgā publiskā amatā.',
    );
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });
});
