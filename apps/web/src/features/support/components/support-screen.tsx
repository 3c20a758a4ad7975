import { Alert, Button, Code, Group, Paper, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { StatusBadge } from '../../../components/ui/status-badge';
import { useState } from 'react';
import { ROLE_LABELS, type Role } from '@certs/shared/auth/roles';
import { SUPPORT_ACTION_LABELS, SupportReason, type FoundUser } from '@certs/shared/support/support.contract';
import { DateDisplay } from '../../../components/ui/date-display';
import { FormDialog } from '../../../components/ui/form-dialog';
import { PagedTable, type PagedTableColumn } from '../../../components/ui/paged-table';
import { EmailAddress } from '../../../components/ui/unbroken-text';
import { errorMessageOf } from '../../../lib/api-client';
import { useDebouncedSearch, usePaging } from '../../../lib/use-paging';
import { pagedTableProps } from '../../../lib/paged-table-props';
import { useFoundUsers, useSupportAction, useSupportLog, type FindBy, type SupportActionKind } from '../api/support';
import { AicipPayments } from './aicip-payments';

const ACTION_TITLES: Record<SupportActionKind, string> = {
  active: 'Mark active',
  inactive: 'Mark inactive',
  temporaryPassword: 'Set a temporary password',
  activationLink: 'Resend the activation link',
};

function ActionDialog({ target, onClose }: { target: { user: FoundUser; kind: SupportActionKind } | null; onClose: () => void }) {
  const action = useSupportAction();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [result, setResult] = useState<{ message: string; temporaryPassword?: string } | null>(null);
  const close = () => {
    setReason('');
    setReasonError(null);
    setResult(null);
    action.reset();
    onClose();
  };
  if (!target) return null;
  const who = `${target.user.firstName} ${target.user.lastName}`;
  const submit = () => {
    const parsed = SupportReason.safeParse(reason);
    if (!parsed.success) {
      setReasonError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setReasonError(null);
    action.mutate({ user: target.user, kind: target.kind, reason: parsed.data }, { onSuccess: (answer) => setResult({ message: answer.message, temporaryPassword: (answer as { temporaryPassword?: string }).temporaryPassword }) });
  };
  return (
    <FormDialog opened title={`${ACTION_TITLES[target.kind]}: ${who}`} onClose={close}>
      {result ? (
        <Stack gap="md">
          <Alert color="green" role="status">
            {result.message}
          </Alert>
          {result.temporaryPassword && (
            <Text>
              Temporary password: <Code data-testid="temporary-password">{result.temporaryPassword}</Code>
            </Text>
          )}
          <Group justify="flex-end">
            <Button onClick={close}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          {target.kind === 'inactive' && <Text size="sm">Every session of {who} ends at once, and they cannot sign in until marked active again.</Text>}
          <Textarea label="Reason" description="Kept in the support log with your name and the time" required minRows={2} value={reason} error={reasonError} onChange={(event) => setReason(event.currentTarget.value)} />
          {action.error && <Alert color="red">{errorMessageOf(action.error)}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button color={target.kind === 'inactive' ? 'red' : undefined} loading={action.isPending} onClick={submit}>
              {ACTION_TITLES[target.kind]}
            </Button>
          </Group>
        </Stack>
      )}
    </FormDialog>
  );
}

/**
 * Where an account stands, without contradicting itself (issue 45 item 10): an account nobody has
 * activated yet is "Not activated", not "Active" beside it; "Active" is an activated account that
 * may sign in, "Inactive" one staff marked inactive.
 */
export function AccountState({ user }: { user: Pick<FoundUser, 'active' | 'isActivated' | 'hasTemporaryPassword'> }) {
  return (
    <Group gap={4}>
      {!user.active && <StatusBadge color="red" label="Inactive" />}
      {!user.isActivated && <StatusBadge color="yellow" label="Not activated" />}
      {user.active && user.isActivated && <StatusBadge color="green" label="Active" />}
      {user.hasTemporaryPassword && <StatusBadge color="gray" label="Temporary password" />}
    </Group>
  );
}

function FindUser() {
  const paging = usePaging();
  const { page, pageSize, resetPage } = paging;
  const search = useDebouncedSearch(resetPage);
  const [searchBy, setSearchBy] = useState<FindBy>('all');
  const [target, setTarget] = useState<{ user: FoundUser; kind: SupportActionKind } | null>(null);
  const found = useFoundUsers({ searchTerm: search.term, searchBy, page, pageSize });
  const columns: PagedTableColumn<FoundUser>[] = [
    { key: 'name', header: 'Name', isRowHeader: true, render: (row) => `${row.firstName} ${row.lastName}` },
    { key: 'email', header: 'Email', render: (row) => <EmailAddress email={row.email} /> },
    { key: 'kind', header: 'Kind', render: (row) => (row.userType === 'applicant' ? 'Applicant' : `Staff (${ROLE_LABELS[row.role as Role] ?? row.role})`) },
    { key: 'number', header: 'Member Number', render: (row) => row.memberNumber || '-' },
    {
      key: 'state',
      header: 'State',
      render: (row) => <AccountState user={row} />,
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      render: (row) => {
        const open = (kind: SupportActionKind) => setTarget({ user: row, kind });
        const who = `${row.firstName} ${row.lastName}`;
        return (
          <Group gap="xs" justify="flex-end" wrap="nowrap">
            <Button size="xs" variant="light" color={row.active ? 'red' : 'green'} onClick={() => open(row.active ? 'inactive' : 'active')} aria-label={`${row.active ? 'Mark inactive' : 'Mark active'}: ${who}`}>
              {row.active ? 'Mark inactive' : 'Mark active'}
            </Button>
            <Button size="xs" variant="default" onClick={() => open('temporaryPassword')} aria-label={`Temporary password: ${who}`}>
              Temporary password
            </Button>
            {row.userType === 'applicant' && !row.isActivated && (
              <Button size="xs" variant="default" onClick={() => open('activationLink')} aria-label={`Resend activation: ${who}`}>
                Resend activation
              </Button>
            )}
          </Group>
        );
      },
    },
  ];
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="find-user-heading">
      <Title order={2} size="h4" id="find-user-heading" mb="sm">
        Find a user
      </Title>
      <Stack gap="md">
        <Group align="flex-end" wrap="wrap">
          <TextInput label="Search for" description="At least 2 characters" value={search.text} onChange={(event) => search.onTextChange(event.currentTarget.value)} w={320} />
          <Select
            label="Search by"
            value={searchBy}
            allowDeselect={false}
            onChange={(value) => {
              setSearchBy((value as FindBy) ?? 'all');
              resetPage();
            }}
            data={[
              { value: 'all', label: 'All' },
              { value: 'email', label: 'Email' },
              { value: 'name', label: 'Name' },
              { value: 'number', label: 'Member or application number' },
            ]}
            w={260}
          />
        </Group>
        <PagedTable
          label="Users found"
          testId="support-users"
          columns={columns}
          {...pagedTableProps(found, paging)}
          rowKey={(row) => row.userId}
          emptyText={(search.term?.trim().length ?? 0) < 2 ? 'Type at least 2 characters to search.' : 'No user matches.'}
        />
      </Stack>
      <ActionDialog target={target} onClose={() => setTarget(null)} />
    </Paper>
  );
}

function SupportLog() {
  const paging = usePaging();
  const { page, pageSize } = paging;
  const log = useSupportLog({ page, pageSize });
  type Row = NonNullable<typeof log.data>['rows'][number];
  const columns: PagedTableColumn<Row>[] = [
    { key: 'when', header: 'When', noWrap: true, isRowHeader: true, render: (row) => <DateDisplay value={row.createdOn} withTime /> },
    { key: 'who', header: 'Staff Member', render: (row) => row.actorName },
    { key: 'action', header: 'Action', render: (row) => SUPPORT_ACTION_LABELS[row.action] },
    { key: 'user', header: 'User', render: (row) => (row.targetEmail ? `${row.targetName ?? ''} (${row.targetEmail})` : '-') },
    { key: 'why', header: 'Reason', render: (row) => row.reason },
  ];
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="support-log-heading">
      <Title order={2} size="h4" id="support-log-heading" mb="sm">
        Support log
      </Title>
      <PagedTable
        label="Support log"
        testId="support-log"
        columns={columns}
        {...pagedTableProps(log, paging)}
        rowKey={(row) => row.id}
        emptyText="No support action yet."
      />
    </Paper>
  );
}

/** Admin-only support actions (spec section 6): find a user, then act with a reason; process AICIP payments; every action in the log. */
export function SupportScreen() {
  return (
    <Stack gap="lg">
      <FindUser />
      <AicipPayments />
      <SupportLog />
    </Stack>
  );
}
