import { Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { MEMBERSHIP_TYPE_LABELS, type Address, type Applicant } from '@certs/shared/applicant/applicant.contract';
import { DateDisplay } from '../../../components/ui/date-display';

function addressText(address: Address): string {
  const line = [[address.streetNumber, address.streetName].filter(Boolean).join(' '), address.city, [address.state, address.postalCode].filter(Boolean).join(' '), address.country];
  const text = line.filter(Boolean).join(', ');
  return text || '-';
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

/** The applicant's profile as staff need it on the application: who, how to reach them, membership. */
export function ApplicantSummary({ applicant }: { applicant: Applicant }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="applicant-summary">
      <Field label="Name">
        {applicant.firstName} {applicant.lastName}
      </Field>
      <Field label="Email">{applicant.email}</Field>
      <Field label="Phone">{applicant.phone || '-'}</Field>
      <Field label="Date of birth">
        <DateDisplay value={applicant.dateOfBirth} />
      </Field>
      <Field label="Home address">{addressText(applicant.homeAddress)}</Field>
      <Field label="Work address">{addressText(applicant.workAddress)}</Field>
      <Field label="Membership">
        <Group gap="xs">
          <span>{MEMBERSHIP_TYPE_LABELS[applicant.membershipType]}</span>
          {applicant.membershipType !== 'none' && (
            <Badge size="sm" variant="light" color={applicant.isMember ? 'green' : 'yellow'} tt="none">
              {applicant.isMember ? `Confirmed ${applicant.memberNumber}` : 'Not confirmed'}
            </Badge>
          )}
        </Group>
      </Field>
      <Field label="Registered">
        <DateDisplay value={applicant.createdOn} />
      </Field>
    </SimpleGrid>
  );
}
