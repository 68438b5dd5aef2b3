import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { STAFF_ROLES, type EnrolmentLinkAnswer, type StaffRole } from '../../../domain/staff-api.ts';
import { LANGUAGES, type Language } from '../../../domain/language.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Select } from '../../ui/Select.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { messageOf, useStaffClient } from './staff-context.ts';

/** The administrator adds a member with a role; the one-time link is shown once, to hand over. */
export function AddMemberForm({ onAdded }: { onAdded: (answer: EnrolmentLinkAnswer) => void }) {
  const { t } = useTranslation('staff');
  const client = useStaffClient();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<StaffRole | null>(null);
  const [language, setLanguage] = useState<Language>('lv');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<{ message: string; fields: Readonly<Record<string, string>> } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!role) {
      setError({ message: t('add.rolePlaceholder'), fields: { role: t('add.rolePlaceholder') } });
      return;
    }
    setPending(true);
    setError(null);
    try {
      onAdded(await client.add({ email, name, role, language }));
      setEmail('');
      setName('');
      setRole(null);
    } catch (caught) {
      const fields = (caught as { fields?: Readonly<Record<string, string>> }).fields ?? {};
      setError({ message: messageOf(caught, t('errors.generic')), fields });
    } finally {
      setPending(false);
    }
  };

  return (
    <form
      className="staff-card staff-form"
      aria-labelledby="staff-add-heading"
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <h2 id="staff-add-heading">{t('add.heading')}</h2>
      {error ? <Alert>{error.message}</Alert> : null}
      <TextField
        label={t('members.email')}
        type="email"
        autoComplete="off"
        value={email}
        onChange={setEmail}
        isRequired
        error={error?.fields.email}
      />
      <TextField label={t('members.name')} value={name} onChange={setName} isRequired error={error?.fields.name} />
      <Select
        label={t('members.role')}
        placeholder={t('add.rolePlaceholder')}
        value={role}
        onChange={(value) => setRole(value as StaffRole)}
        options={STAFF_ROLES.map((id) => ({ id, label: t(`roles.${id}`) }))}
        isRequired
        error={error?.fields.role}
      />
      <Select
        label={t('members.language')}
        placeholder={t('members.language')}
        value={language}
        onChange={(value) => setLanguage(value as Language)}
        options={LANGUAGES.map((id) => ({ id, label: t(`languages.${id}`) }))}
        isRequired
      />
      <Button type="submit" isPending={pending}>
        {t('add.submit')}
      </Button>
    </form>
  );
}
