import { Avatar, Button, Divider, Group, Modal, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Profile } from '@portal/shared';
import { LABELS } from '@portal/shared/messages';
import { dateText } from '@portal/shared/time';
import { IconLock } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Loading } from '../../../components/Loading';
import { PageBreadcrumb } from '../../../components/PageBreadcrumb';
import { PageHeader } from '../../../components/PageHeader';
import { roleLabel } from '../../../lib/navigation';
import { useRequiredAccount } from '../../../lib/session';
import { useProductName } from '../../auth/api';
import { ChangePasswordForm } from '../../auth/components/ChangePasswordForm';
import { PROFILE_ROLES, useMyProfile } from '../api';
import { LanguagePicker } from '../components/LanguagePicker';

function Detail({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="md" style={{ overflowWrap: 'anywhere' }}>
        {value || '—'}
      </Text>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Title order={2} size="h5">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="lg">
        {children}
      </SimpleGrid>
    </Stack>
  );
}

const GENDERS = { male: LABELS.genderMale, female: LABELS.genderFemale } as const;

/** A student's, faculty member's or moderator's personal info and contact details (learning §3 "Profile"). */
function ProfileDetails({ profile }: { profile: Profile }) {
  const student = profile.role === 'student';
  return (
    <>
      <Section title={LABELS.learnPersonalInfo}>
        <Detail label={LABELS.fieldName} value={profile.name} />
        <Detail label={LABELS.username} value={profile.username} />
        <Detail label={LABELS.fieldGender} value={profile.gender ? GENDERS[profile.gender] : null} />
        {student && (
          <Detail
            label={LABELS.fieldDateOfBirth}
            value={profile.date_of_birth ? dateText(profile.date_of_birth) : null}
          />
        )}
        <Detail label={LABELS.fieldPrn} value={profile.prn} />
        {student && <Detail label={LABELS.fieldAdmissionYear} value={profile.admission_year} />}
        {student && <Detail label={LABELS.learnBatch} value={profile.batch_title} />}
        {profile.role === 'faculty' && <Detail label={LABELS.fieldDesignation} value={profile.designation} />}
        <Detail label={LABELS.academicYear} value={profile.academic_year} />
        <Detail label={LABELS.institution} value={profile.institution_name} />
      </Section>
      <Divider />
      <Section title={LABELS.learnContactDetails}>
        <Detail label={LABELS.fieldEmail} value={profile.email.join(', ')} />
        <Detail label={LABELS.fieldMobile} value={profile.mobile.join(', ')} />
      </Section>
    </>
  );
}

/** /me/profile, /faculty/profile and /profile: the person's details and the Change Password popup. */
export function ProfilePage() {
  const account = useRequiredAccount();
  const productName = useProductName();
  const [changing, setChanging] = useState(false);
  const hasProfile = PROFILE_ROLES.includes(account.permission);
  const profile = useMyProfile(hasProfile);
  const details = profile.data;
  const name = details?.name || account.username;

  return (
    <>
      <PageBreadcrumb crumbs={[{ label: LABELS.profileTitle }]} />
      <PageHeader title={LABELS.profileTitle} />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={760}>
        <Stack gap="lg">
          <Group gap="md" wrap="nowrap">
            <Avatar src={details?.avatar || null} name={name} color="initials" size={64} radius="xl" />
            <div style={{ minWidth: 0 }}>
              <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
                {name}
              </Title>
              <Text c="dimmed">
                {roleLabel(account.permission)}
                {details?.batch_title ? ` · ${details.batch_title}` : ''}
              </Text>
            </div>
          </Group>
          {hasProfile && profile.isPending ? (
            <Loading />
          ) : details ? (
            <ProfileDetails profile={details} />
          ) : (
            // An owner (or a profile that failed to load) shows what the session knows.
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="lg">
              <Detail label={LABELS.username} value={account.username} />
              <Detail label={LABELS.role} value={roleLabel(account.permission)} />
              <Detail label={LABELS.institution} value={account.institution_title ?? productName} />
              <Detail label={LABELS.academicYear} value={account.academic_year} />
            </SimpleGrid>
          )}
          <LanguagePicker />
          <Group>
            <Button leftSection={<IconLock size={16} />} variant="light" onClick={() => setChanging(true)}>
              {LABELS.changePassword}
            </Button>
          </Group>
        </Stack>
      </Paper>
      <Modal opened={changing} onClose={() => setChanging(false)} title={LABELS.changePassword}>
        <ChangePasswordForm />
      </Modal>
    </>
  );
}
