import { Alert, Center, Grid, Loader, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import type { ApplicationStatus } from '@certs/shared/application/application-status';
import { ApplicationStatusBadge } from '../../../components/ui/application-status';
import { StatusBadge } from '../../../components/ui/status-badge';
import type { ReactNode } from 'react';
import { APPLICANT_SUB_LIST_LABELS, type ApplicantSubList as SubListName } from '@certs/shared/applicant-admin/applicant-admin.contract';
import { MEMBERSHIP_TYPE_LABELS, type Address } from '@certs/shared/applicant/applicant.contract';
import { DateDisplay } from '../../../components/ui/date-display';
import type { PagedTableColumn } from '../../../components/ui/paged-table';
import { ApiError, errorMessageOf } from '../../../lib/api-client';
import { useApplicantRecord, type SubListPage } from '../api/applicant-admin';
import { ApplicantSubList } from './applicant-sub-list';

type ApplicationRow = SubListPage<'applications'>['rows'][number];

function addressText(address: Address): string {
  const text = [`${address.streetNumber} ${address.streetName}`.trim(), address.city, `${address.state} ${address.postalCode}`.trim(), address.country].filter(Boolean).join(', ');
  return text || '-';
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

interface ApplicantRecordScreenProps {
  applicantId: string;
  /** The awards tab (features/award), composed by the route. */
  awards: ReactNode;
  /** The application column renders this link (the route knows the staff application pages). */
  renderApplicationLink: (row: ApplicationRow) => ReactNode;
}

/** Staff's page of one applicant: profile, contact, membership, and a tab per sub-list, each paged on the server. */
export function ApplicantRecordScreen({ applicantId, awards, renderApplicationLink }: ApplicantRecordScreenProps) {
  const record = useApplicantRecord(applicantId);
  if (record.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading the applicant" />
      </Center>
    );
  }
  if (record.error) {
    const status = record.error instanceof ApiError ? record.error.status : 0;
    return <Alert color="red">{status === 403 ? 'This applicant has no application in a program you serve on, so their record is not open to you.' : errorMessageOf(record.error)}</Alert>;
  }
  const { applicant, isAdministrator, employerName } = record.data;
  const applicationColumns: PagedTableColumn<ApplicationRow>[] = [
    { key: 'number', header: 'Application Number', isRowHeader: true, noWrap: true, render: renderApplicationLink },
    { key: 'code', header: 'Program Code', noWrap: true, render: (row) => row.programCode },
    { key: 'title', header: 'Program Title', render: (row) => row.programTitle },
    { key: 'date', header: 'Application Date', noWrap: true, render: (row) => <DateDisplay value={row.submittedOn ?? row.createdOn} /> },
    { key: 'status', header: 'Status', noWrap: true, render: (row) => <ApplicationStatusBadge status={row.status as ApplicationStatus} /> },
  ];
  const tabs: SubListName[] = ['qualification', 'experience', 'professionalactivities', 'filenotes', 'history', 'applications', 'awards', ...(isAdministrator ? (['emails'] as const) : [])];
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>
          {applicant.firstName} {applicant.lastName}
        </Title>
        <Text c="dimmed">
          {applicant.email} {applicant.active ? '' : '· inactive'}
        </Text>
      </Stack>
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="applicant-profile-heading">
        <Title order={2} size="h4" id="applicant-profile-heading" mb="sm">
          Profile and contact
        </Title>
        <Grid>
          <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
            <Stack gap="xs">
              <Field label="Date of Birth">
                <DateDisplay value={applicant.dateOfBirth} />
              </Field>
              <Field label="Phone">{applicant.phone || '-'}</Field>
              <Field label="Primary Email">{applicant.primaryEmail || applicant.email}</Field>
              <Field label="Employer">{employerName ?? '-'}</Field>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
            <Stack gap="xs">
              <Field label="Home Address">{addressText(applicant.homeAddress)}</Field>
              <Field label="Work Address">{addressText(applicant.workAddress)}</Field>
              <Field label="Registered">
                <DateDisplay value={applicant.createdOn} />
              </Field>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="xs">
              <Field label="Membership">{MEMBERSHIP_TYPE_LABELS[applicant.membershipType]}</Field>
              <Field label="Member Number">{applicant.memberNumber || '-'}</Field>
              <Field label="Confirmed">
                <DateDisplay value={applicant.membershipConfirmedOn} />
              </Field>
              <Field label="Current Until">
                <DateDisplay value={applicant.memberCurrentUntil} />
              </Field>
              <div>{applicant.isMember ? <StatusBadge color="green" label="Current member" /> : <StatusBadge color="gray" label="Non-member fees" />}</div>
            </Stack>
          </Grid.Col>
        </Grid>
      </Paper>
      <Tabs defaultValue="qualification" keepMounted={false}>
        <Tabs.List aria-label="The applicant's records">
          {tabs.map((tab) => (
            <Tabs.Tab key={tab} value={tab}>
              {APPLICANT_SUB_LIST_LABELS[tab]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Panel key={tab} value={tab} pt="md">
            {tab === 'awards' ? (
              awards
            ) : tab === 'applications' ? (
              <ApplicantSubList applicantId={applicantId} list="applications" label={APPLICANT_SUB_LIST_LABELS.applications} columns={applicationColumns} />
            ) : (
              <ApplicantSubList applicantId={applicantId} list={tab} label={APPLICANT_SUB_LIST_LABELS[tab]} />
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

/** On the staff application page: what assessors read about the applicant (their education and experience). */
export function ApplicantBackground({ applicantId }: { applicantId: string }) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="applicant-background-heading">
      <Title order={2} size="h4" id="applicant-background-heading" mb="sm">
        Education and experience
      </Title>
      <Stack gap="md">
        <ApplicantSubList applicantId={applicantId} list="qualification" label="Education" emptyText="No education recorded." />
        <ApplicantSubList applicantId={applicantId} list="experience" label="Experience" emptyText="No experience recorded." />
      </Stack>
    </Paper>
  );
}
