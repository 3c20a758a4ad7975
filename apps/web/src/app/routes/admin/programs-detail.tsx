import { Alert, Anchor, Badge, Breadcrumbs, Button, Center, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { Link, useParams, useSearchParams } from 'react-router';
import type { Program } from '@certs/shared/program/program.contract';
import type { ProgramPrivilege } from '@certs/shared/program/program-user.contract';
import {
  PROGRAM_STATUS,
  isProgramEditable,
  isProgramIdentityLocked,
  type ProgramStatus,
} from '@certs/shared/program/program-status';
import { PROGRAM_TYPES } from '@certs/shared/program/program-type';
import { renewalTypeOfProgram } from '@certs/shared/renewal/renewal.contract';
import { NotAvailable } from '../../../components/ui/not-available';
import { DateDisplay } from '../../../components/ui/date-display';
import { useChangeProgramStatus } from '../../../features/program/api/change-program-status';
import { useProgram } from '../../../features/program/api/find-program';
import { useProgramCompleteness } from '../../../features/program/api/find-program-completeness';
import { useProgramPrivilege } from '../../../features/program/api/find-program-privilege';
import { InstructionsPanel } from '../../../features/program/components/instructions-panel';
import { ModulesPanel } from '../../../features/program/components/modules-panel';
import { ProgramCompletenessCard } from '../../../features/program/components/program-completeness-card';
import { ProgramDetailsPanel } from '../../../features/program/components/program-details-panel';
import { ProgramSettingsPanel } from '../../../features/program/components/program-settings-panel';
import { RenewalRulesSection } from '../../../features/renewal/components/renewal-rules-section';
import { ProgramStatusActions } from '../../../features/program/components/program-status-actions';
import { ProgramStatusBadge } from '../../../features/program/components/program-status-badge';
import { programTypeLabel } from '../../../features/program/components/program-type-label';
import { ProgramUsersPanel } from '../../../features/program/components/program-users-panel';
import { RequirementsPanel } from '../../../features/program/components/requirements-panel';
import { useCurrentAccount } from '../../../features/account/api/find-current-account';
import { ApiError, errorMessageOf } from '../../../lib/api-client';
import { CurrencyProvider } from '../../../lib/currency';
import { usePageTitle } from '../../../lib/page-title';
import { programAwardsPath } from './awards';
import { programRenewalsPath } from './renewals';
import { programApplicationsPath } from './program-applications';

type TabName = 'details' | 'settings' | 'modules' | 'instructions' | 'requirements' | 'users';

function tabsFor(programType: number): { value: TabName; label: string }[] {
  const hasSettings = programType !== PROGRAM_TYPES.Qualification;
  const hasModules = programType === PROGRAM_TYPES.Qualification || programType === PROGRAM_TYPES.AICIP;
  return [
    { value: 'details', label: 'Details' },
    ...(hasSettings ? [{ value: 'settings' as const, label: 'Settings' }] : []),
    ...(hasModules ? [{ value: 'modules' as const, label: 'Modules' }] : []),
    { value: 'instructions', label: 'Instructions' },
    { value: 'requirements', label: 'Requirements' },
    { value: 'users', label: 'Program users' },
  ];
}

function ProgramWorkspace({ program, privilege }: { program: Program; privilege: ProgramPrivilege }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const status = program.status as ProgramStatus;
  const isArchived = !isProgramEditable(status);
  const isReadOnly = isArchived || !privilege.canEdit;
  const isIdentityLocked = isProgramIdentityLocked(status, program.publishedOn !== null);
  const canPublish = status === PROGRAM_STATUS.Created || status === PROGRAM_STATUS.Restored;
  const completeness = useProgramCompleteness(program.id, canPublish);
  const changeStatus = useChangeProgramStatus();
  const tabs = tabsFor(program.programType);
  const requested = searchParams.get('tab');
  const activeTab = tabs.some((tab) => tab.value === requested) ? (requested as TabName) : 'details';

  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Breadcrumbs>
          <Anchor component={Link} to={isArchived ? '/admin/archives' : '/admin/programs'}>
            {isArchived ? 'Archives' : 'Programs'}
          </Anchor>
          <Text>{program.programCode}</Text>
        </Breadcrumbs>
        <Title order={1}>
          {program.programCode} · {program.programTitle}
        </Title>
        <Group justify="space-between" align="center" wrap="wrap" gap="md">
          <Group gap="sm">
            <ProgramStatusBadge status={program.status} />
            <Badge variant="outline" color="gray.7" radius="sm" tt="none">
              {programTypeLabel(program.programType)}
            </Badge>
            <Text size="sm" c="dimmed">
              Manager: {program.programManager?.name ?? '-'}
            </Text>
            <Text size="sm" c="dimmed">
              Published: <DateDisplay value={program.publishedOn} />
            </Text>
          </Group>
          <Group gap="sm">
            <Button component={Link} to={programApplicationsPath(program.id)} variant="light">
              Applications
            </Button>
            <Button component={Link} to={programAwardsPath(program.id)} variant="light">
              Awards
            </Button>
            {program.programType === PROGRAM_TYPES.Certification && (
              <Button component={Link} to={programRenewalsPath(program.id)} variant="light">
                Renewals
              </Button>
            )}
            <ProgramStatusActions
            programCode={program.programCode}
            status={program.status}
            canChangeStatus={privilege.canChangeStatus}
            completeness={completeness.data}
              onAction={(action) => changeStatus.mutateAsync({ id: program.id, action })}
            />
          </Group>
        </Group>
      </Stack>
      {isArchived && (
        <Alert color="red" variant="light" title="Archived: read-only" role="note">
          Applicants no longer see this program and nothing in it can change. Restore it to make changes.
        </Alert>
      )}
      {!isArchived && !privilege.canEdit && (
        <Alert color="blue" variant="light" title="View only" role="note" styles={{ title: { color: 'var(--mantine-color-blue-9)' } }}>
          You can view this program; only administrators and its manager can change it.
        </Alert>
      )}
      {canPublish && completeness.data && <ProgramCompletenessCard completeness={completeness.data} />}
      <Tabs
        value={activeTab}
        onChange={(value) => setSearchParams(value && value !== 'details' ? { tab: value } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List aria-label="Program sections" mb="lg">
          {tabs.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="details">
          <ProgramDetailsPanel program={program} isReadOnly={isReadOnly} isIdentityLocked={isIdentityLocked} />
        </Tabs.Panel>
        <Tabs.Panel value="settings">
          <Stack gap="lg">
            <ProgramSettingsPanel programId={program.id} programType={program.programType} isReadOnly={isReadOnly} />
            {renewalTypeOfProgram(program.programType) && <RenewalRulesSection programId={program.id} isReadOnly={isReadOnly} />}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="modules">
          <Stack gap="lg">
            <ModulesPanel programId={program.id} isRenewal={false} isReadOnly={isReadOnly} />
            {program.programType === PROGRAM_TYPES.AICIP && <ModulesPanel programId={program.id} isRenewal isReadOnly={isReadOnly} />}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="instructions">
          <InstructionsPanel programId={program.id} isReadOnly={isReadOnly} />
        </Tabs.Panel>
        <Tabs.Panel value="requirements">
          <RequirementsPanel programId={program.id} isReadOnly={isReadOnly} />
        </Tabs.Panel>
        <Tabs.Panel value="users">
          <ProgramUsersPanel programId={program.id} isReadOnly={isReadOnly} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** One program: details, settings per type, modules, instructions, requirements, users and status. */
export function AdminProgramRoute() {
  const { id = '' } = useParams();
  const program = useProgram(id);
  const privilege = useProgramPrivilege(id);
  // Staff reach only their account's programs: its currency is the program's (the fee fields' "NZ$").
  const account = useCurrentAccount();
  usePageTitle(program.data ? `${program.data.programCode} · Programs` : 'Program');

  if (program.isPending || privilege.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading the program" />
      </Center>
    );
  }
  const error = program.error ?? privilege.error;
  if (error || !program.data || !privilege.data) {
    const status = error instanceof ApiError ? error.status : 0;
    if (status === 404) return <NotAvailable title="Program" message="This program does not exist." />;
    if (status === 403) return <NotAvailable title="Program" message="You do not have access to this program." />;
    return <NotAvailable title="Program" message={errorMessageOf(error)} />;
  }
  return (
    <CurrencyProvider currency={account.data?.account.currency}>
      <ProgramWorkspace program={program.data} privilege={privilege.data} />
    </CurrencyProvider>
  );
}
