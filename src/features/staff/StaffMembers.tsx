import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EnrolmentLinkAnswer, StaffMe, StaffMember } from '../../../domain/staff-api.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { AddMemberForm } from './AddMemberForm.tsx';
import { messageOf, useStaffClient } from './staff-context.ts';
import { StaffTable } from './StaffTable.tsx';

/** The administrator's page: every member, their role and whether they enrolled; add, new link, remove. */
export function StaffMembers({ me }: { me: StaffMe }) {
  const selfId = me.id;
  const { t } = useTranslation('staff');
  const client = useStaffClient();
  const [members, setMembers] = useState<readonly StaffMember[] | null>(null);
  const [link, setLink] = useState<EnrolmentLinkAnswer | null>(null);
  const [removing, setRemoving] = useState<StaffMember | null>(null);
  const [notice, setNotice] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);

  // bumped after a change: the list is asked for again
  const [version, setVersion] = useState(0);
  const load = () => setVersion((current) => current + 1);
  useEffect(() => {
    client
      .members()
      .then(setMembers, (caught: unknown) =>
        setNotice({ tone: 'error', text: messageOf(caught, t('errors.generic')) }),
      );
  }, [client, t, version]);

  const shown = (answer: EnrolmentLinkAnswer) => {
    setLink(answer);
    setNotice(null);
    load();
  };
  const renew = async (member: StaffMember) => {
    try {
      shown(await client.renewEnrolment(member.id));
    } catch (caught) {
      setNotice({ tone: 'error', text: messageOf(caught, t('errors.generic')) });
    }
  };

  return (
    <>
      <section className="staff-card" aria-labelledby="staff-members-heading">
        <h2 id="staff-members-heading">{t('members.heading')}</h2>
        {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
        {link ? (
          <Alert tone="success">
            <p>{t('add.link', { email: link.member.email, until: new Date(link.expiresAt).toLocaleString() })}</p>
            <p className="staff-link" data-testid="enrolment-link">
              {link.enrolmentUrl}
            </p>
          </Alert>
        ) : null}
        {members && members.length === 0 ? <p>{t('members.empty')}</p> : null}
        {members && members.length > 0 ? (
          <MembersTable
            members={members}
            selfId={selfId}
            onRenew={(member) => void renew(member)}
            onRemove={setRemoving}
          />
        ) : null}
        {removing ? (
          <RemoveMember
            member={removing}
            onClose={(removed) => {
              setRemoving(null);
              if (removed) {
                setNotice({ tone: 'success', text: t('members.removed') });
                load();
              }
            }}
          />
        ) : null}
      </section>
      <AddMemberForm onAdded={shown} />
    </>
  );
}

function MembersTable({
  members,
  selfId,
  onRenew,
  onRemove,
}: {
  members: readonly StaffMember[];
  selfId: string;
  onRenew: (member: StaffMember) => void;
  onRemove: (member: StaffMember) => void;
}) {
  const { t } = useTranslation('staff');
  return (
    <StaffTable
      label={t('members.heading')}
      headers={[t('members.email'), t('members.name'), t('members.role'), t('members.enrolled'), t('members.actions')]}
    >
      {members.map((member) => (
        <tr key={member.id}>
          <th scope="row">{member.email}</th>
          <td>{member.name}</td>
          <td>{t(`roles.${member.role}`)}</td>
          <td>{member.enrolled ? t('members.enrolledYes') : t('members.enrolledNo')}</td>
          <td className="staff-actions">
            <Button
              variant="secondary"
              aria-label={t('members.newLinkNamed', { email: member.email })}
              onPress={() => onRenew(member)}
            >
              {t('members.newLink')}
            </Button>
            {member.id === selfId ? null : (
              <Button
                variant="secondary"
                aria-label={t('members.removeNamed', { email: member.email })}
                onPress={() => onRemove(member)}
              >
                {t('members.remove')}
              </Button>
            )}
          </td>
        </tr>
      ))}
    </StaffTable>
  );
}

/** Removing asks for the reason the audit log keeps. */
function RemoveMember({ member, onClose }: { member: StaffMember; onClose: (removed: boolean) => void }) {
  const { t } = useTranslation('staff');
  const client = useStaffClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    try {
      await client.remove(member.id, reason);
      onClose(true);
    } catch (caught) {
      setError(messageOf(caught, t('errors.generic')));
    }
  };
  return (
    <div className="staff-form" role="group" aria-label={t('members.removeNamed', { email: member.email })}>
      {error ? <Alert>{error}</Alert> : null}
      <TextField label={t('members.removeReason')} value={reason} onChange={setReason} isRequired />
      <div className="staff-actions">
        <Button onPress={() => void confirm()} isDisabled={reason.trim() === ''}>
          {t('members.confirmRemove')}
        </Button>
        <Button variant="secondary" onPress={() => onClose(false)}>
          {t('members.cancel')}
        </Button>
      </div>
    </div>
  );
}
