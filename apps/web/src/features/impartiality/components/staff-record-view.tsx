import { Alert, Anchor, Button, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type ReactNode } from 'react';
import { ROLE_LABELS, type Role } from '@certs/shared/auth/roles';
import { COMPETENCE_KIND_LABELS, type Authorisation, type Competence, type StaffRecord } from '@certs/shared/impartiality/staff-record.contract';
import { PROGRAM_USER_ROLE_LABELS, type ProgramUserRole } from '@certs/shared/program/program-user-role';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable } from '../../../components/ui/data-table';
import { DateDisplay } from '../../../components/ui/date-display';
import { FormDialog } from '../../../components/ui/form-dialog';
import type { PagedTableColumn } from '../../../components/ui/paged-table';
import { StatusBadge } from '../../../components/ui/status-badge';
import { errorMessageOf } from '../../../lib/api-client';
import { useDateFormatter } from '../../../lib/dates';
import { openCompetenceFile, useChangeStaffRecord } from '../api/staff-records';
import { AuthorisationForm } from '../forms/authorisation-form';
import { CompetenceForm } from '../forms/competence-form';
import { StaffRecordForm } from '../forms/staff-record-form';
import { ExpiryBadge } from './expiry-badge';

const roleOf = (role: number) => PROGRAM_USER_ROLE_LABELS[role as ProgramUserRole] ?? `Role ${role}`;

function Section({ id, title, action, children }: { id: string; title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={id}>
      <Stack gap="md">
        <Group justify="space-between" align="center">
          <Title order={2} size="h3" id={id}>
            {title}
          </Title>
          {action}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

/** What needs doing about a record, first: lapsed and lapsing authorisations and qualifications, an unsigned agreement. */
export function StaffRecordWarnings({ record, isOwn }: { record: StaffRecord; isOwn: boolean }) {
  const lapsed = record.authorisations.filter((row) => row.state === 'lapsed');
  const soon = record.authorisations.filter((row) => row.state === 'soon');
  const lapsedCompetences = record.competences.filter((row) => row.state === 'lapsed');
  const dates = useDateFormatter();
  const describe = (row: Authorisation) => `${roleOf(row.role)} in ${row.programCode} (until ${dates.date(row.authorisedUntil)})`;
  return (
    <>
      {lapsed.length > 0 && (
        <Alert color="red" variant="light" title="Lapsed authorisations" role="alert">
          {lapsed.map(describe).join('; ')}. {isOwn ? 'You are' : 'They are'} not assigned in these roles until the authorisation is renewed.
        </Alert>
      )}
      {soon.length > 0 && (
        <Alert color="yellow" variant="light" title="Authorisations lapsing soon">
          {soon.map(describe).join('; ')}.
        </Alert>
      )}
      {lapsedCompetences.length > 0 && (
        <Alert color="orange" variant="light" title="Lapsed qualifications or training">
          {lapsedCompetences.map((row) => row.title).join('; ')}.
        </Alert>
      )}
      {!record.signedThisYear && (
        <Alert color="red" variant="light" title={`The ${record.year} agreement is not signed`}>
          {isOwn ? "Sign this year's impartiality and confidentiality agreement on this page." : "They have not signed this year's impartiality and confidentiality agreement."}
        </Alert>
      )}
    </>
  );
}

/**
 * A staff member's record (issue 43, ISO/IEC 17024 6.2): employer and position, qualifications and
 * training, authorisations per program and role, and the agreements signed. What the caller may
 * change comes with the record (`canEdit`, each authorisation's `canEdit`); `isOwn` words it for
 * the person themselves.
 */
export function StaffRecordView({ record, isOwn = false }: { record: StaffRecord; isOwn?: boolean }) {
  const userId = record.staff.userId;
  const change = useChangeStaffRecord(userId);
  const [isEditingRecord, setIsEditingRecord] = useState(false);
  const [competence, setCompetence] = useState<Competence | 'new' | null>(null);
  const [removing, setRemoving] = useState<Competence | null>(null);
  const [authorisation, setAuthorisation] = useState<Authorisation | null>(null);
  const [fileFailure, setFileFailure] = useState<string | null>(null);
  const saved = (message: string) => notifications.show({ color: 'green', title: 'Record saved', message });

  const openFile = async (row: Competence) => {
    setFileFailure(null);
    try {
      await openCompetenceFile(userId, row.id);
    } catch (error) {
      setFileFailure(errorMessageOf(error));
    }
  };

  const competenceColumns: PagedTableColumn<Competence>[] = [
    { key: 'title', header: 'Title', isRowHeader: true, render: (row) => row.title },
    { key: 'kind', header: 'Kind', render: (row) => COMPETENCE_KIND_LABELS[row.kind] },
    { key: 'issuer', header: 'Issued by', render: (row) => row.issuer || '-' },
    { key: 'obtained', header: 'Obtained', noWrap: true, render: (row) => <DateDisplay value={row.obtainedOn} /> },
    { key: 'expires', header: 'Expires', noWrap: true, render: (row) => <DateDisplay value={row.expiresOn} /> },
    { key: 'state', header: 'State', noWrap: true, render: (row) => <ExpiryBadge state={row.state} /> },
    {
      key: 'file',
      header: 'File',
      render: (row) =>
        row.file ? (
          <Anchor component="button" type="button" size="sm" onClick={() => void openFile(row)} aria-label={`Open the file of ${row.title}`}>
            {row.file.name}
          </Anchor>
        ) : (
          '-'
        ),
    },
    ...(record.canEdit
      ? [
          {
            key: 'actions',
            header: 'Actions',
            isHeaderHidden: true,
            isAction: true,
            align: 'right' as const,
            render: (row: Competence) => (
              <Group gap="xs" justify="flex-end" wrap="nowrap">
                <Button size="compact-sm" variant="light" onClick={() => setCompetence(row)} aria-label={`Edit ${row.title}`}>
                  Edit
                </Button>
                <Button size="compact-sm" variant="subtle" color="red" onClick={() => setRemoving(row)} aria-label={`Remove ${row.title}`}>
                  Remove
                </Button>
              </Group>
            ),
          },
        ]
      : []),
  ];

  const authorisationColumns: PagedTableColumn<Authorisation>[] = [
    { key: 'program', header: 'Program', isRowHeader: true, render: (row) => `${row.programCode} ${row.programTitle}` },
    { key: 'role', header: 'Role', render: (row) => roleOf(row.role) },
    { key: 'until', header: 'Authorised until', noWrap: true, render: (row) => (row.authorisedUntil ? <DateDisplay value={row.authorisedUntil} /> : 'No expiry') },
    { key: 'state', header: 'State', noWrap: true, render: (row) => <ExpiryBadge state={row.state} /> },
    { key: 'basis', header: 'Basis', render: (row) => row.authorisationBasis || '-' },
    {
      key: 'actions',
      header: 'Actions',
      isHeaderHidden: true,
      isAction: true,
      align: 'right',
      render: (row) =>
        row.canEdit ? (
          <Button size="compact-sm" variant="light" onClick={() => setAuthorisation(row)} aria-label={`Change the authorisation as ${roleOf(row.role)} in ${row.programCode}`}>
            Change
          </Button>
        ) : null,
    },
  ];

  return (
    <Stack gap="lg">
      <StaffRecordWarnings record={record} isOwn={isOwn} />
      <Section
        id="record-employer-heading"
        title="Employer and position"
        action={
          record.canEdit ? (
            <Button variant="light" onClick={() => setIsEditingRecord(true)}>
              Edit
            </Button>
          ) : undefined
        }
      >
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              Employer
            </Text>
            <Text>{record.employer?.name ?? 'The body itself, or not recorded'}</Text>
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              Position
            </Text>
            <Text>{record.position || '-'}</Text>
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              Staff role
            </Text>
            <Text>{ROLE_LABELS[record.staff.role as Role] ?? '-'}</Text>
          </Stack>
        </SimpleGrid>
      </Section>

      <Section
        id="record-competences-heading"
        title="Qualifications and training"
        action={record.canEdit ? <Button variant="light" onClick={() => setCompetence('new')}>Add qualification or training</Button> : undefined}
      >
        {fileFailure && (
          <Alert color="red" variant="light" title="File not opened">
            {fileFailure}
          </Alert>
        )}
        {record.competences.length === 0 ? (
          <Text size="sm">None recorded.</Text>
        ) : (
          <DataTable label="Qualifications and training" columns={competenceColumns} rows={record.competences} rowKey={(row) => row.id} minWidth={860} />
        )}
      </Section>

      <Section id="record-authorisations-heading" title="Authorisations">
        <Text size="sm" c="dimmed">
          The roles held in each program. Past its last day an authorisation has lapsed, and assignments in that role are refused.
        </Text>
        {record.authorisations.length === 0 ? (
          <Text size="sm">No program roles held.</Text>
        ) : (
          <DataTable label="Authorisations" columns={authorisationColumns} rows={record.authorisations} rowKey={(row) => `${row.programId}-${row.role}`} minWidth={760} />
        )}
      </Section>

      <Section id="record-agreements-heading" title="Agreements signed">
        {record.agreements.length === 0 ? (
          <Text size="sm">None signed yet.</Text>
        ) : (
          <List size="sm" spacing={4}>
            {record.agreements.map((agreement) => (
              <List.Item key={agreement.id}>
                {agreement.year}: signed on <DateDisplay value={agreement.signedOn} />
              </List.Item>
            ))}
          </List>
        )}
        <Group gap="xs">
          <Text size="sm">This year ({record.year}):</Text>
          {record.signedThisYear ? <StatusBadge label="Signed" value="signed" color="green" /> : <StatusBadge label="Not signed" value="unsigned" color="red" />}
        </Group>
        <Text size="sm">Declared conflicts still active: {record.activeConflicts}</Text>
      </Section>

      <FormDialog opened={isEditingRecord} title="Employer and position" size="md" onClose={() => setIsEditingRecord(false)}>
        <StaffRecordForm
          record={record}
          onSubmit={async (request) => {
            await change.mutateAsync({ kind: 'record', request });
            setIsEditingRecord(false);
            saved('Employer and position saved.');
          }}
        />
      </FormDialog>
      <FormDialog opened={competence !== null} title={competence === 'new' ? 'Add qualification or training' : 'Edit qualification or training'} onClose={() => setCompetence(null)}>
        <CompetenceForm
          competence={competence === 'new' ? null : competence}
          onSubmit={async (request) => {
            await change.mutateAsync(competence && competence !== 'new' ? { kind: 'updateCompetence', id: competence.id, request } : { kind: 'addCompetence', request });
            setCompetence(null);
            saved(request.title);
          }}
        />
      </FormDialog>
      <FormDialog opened={authorisation !== null} title="Change authorisation" size="md" onClose={() => setAuthorisation(null)}>
        {authorisation && (
          <AuthorisationForm
            authorisation={authorisation}
            onSubmit={async (request) => {
              await change.mutateAsync({ kind: 'authorisation', request });
              setAuthorisation(null);
              saved('Authorisation saved.');
            }}
          />
        )}
      </FormDialog>
      <ConfirmDialog
        opened={removing !== null}
        title="Remove qualification or training"
        confirmLabel="Remove"
        confirmColor="red"
        failureTitle="Not removed"
        onConfirm={() => change.mutateAsync({ kind: 'removeCompetence', id: removing?.id ?? '' })}
        onClose={() => setRemoving(null)}
      >
        <Text>Remove {removing?.title} from the record? Use this for an entry made by mistake; a lapsed qualification stays on record.</Text>
      </ConfirmDialog>
    </Stack>
  );
}
