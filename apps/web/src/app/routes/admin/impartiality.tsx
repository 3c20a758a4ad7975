import { Alert, Anchor, Breadcrumbs, Button, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { Link, useParams, useSearchParams } from 'react-router';
import { NotAvailable } from '../../../components/ui/not-available';
import { useMyAgreements } from '../../../features/impartiality/api/agreements';
import { useImpartialityScope } from '../../../features/impartiality/api/conflicts';
import { useMyStaffRecord, useStaffRecord } from '../../../features/impartiality/api/staff-records';
import { AgreementsRegister } from '../../../features/impartiality/components/agreements-register';
import { ConflictsRegister } from '../../../features/impartiality/components/conflicts-register';
import { EventsRegister } from '../../../features/impartiality/components/events-register';
import { MyAgreementPanel } from '../../../features/impartiality/components/my-agreement-panel';
import { MyConflictsPanel } from '../../../features/impartiality/components/my-conflicts-panel';
import { StaffRecordView } from '../../../features/impartiality/components/staff-record-view';
import { StaffRegister } from '../../../features/impartiality/components/staff-register';
import { errorMessageOf } from '../../../lib/api-client';
import { useRequiredSession } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/page-title';
import { ADMIN_IMPARTIALITY_PATH, ADMIN_MY_IMPARTIALITY_PATH, adminStaffRecordPath } from '../../route-paths';
import { NO_ACCESS_MESSAGE } from './menu-area';

const TABS = [
  { value: 'declarations', label: 'Declarations', administratorsOnly: false },
  { value: 'agreements', label: 'Agreements', administratorsOnly: true },
  { value: 'staff', label: 'Staff records', administratorsOnly: true },
  { value: 'events', label: 'Refusals and overrides', administratorsOnly: false },
] as const;

function ImpartialityScreen() {
  const scope = useImpartialityScope();
  const agreements = useMyAgreements();
  const [params, setParams] = useSearchParams();
  const tabs = TABS.filter((tab) => !tab.administratorsOnly || scope.data?.isAdministrator);
  const requested = params.get('tab');
  const tab = tabs.find((candidate) => candidate.value === requested)?.value ?? tabs[0]!.value;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>Impartiality</Title>
          <Text c="dimmed" maw={720}>
            Declared conflicts, the yearly impartiality and confidentiality agreement, examiners&apos; records and every assignment the impartiality check refused or a
            manager overrode (ISO/IEC 17024 4.3, 5.2, 6.2).
          </Text>
        </Stack>
        <Button component={Link} to={ADMIN_MY_IMPARTIALITY_PATH} variant="default">
          My impartiality
        </Button>
      </Group>
      {scope.isPending && <Loader size="sm" aria-label="Loading" />}
      {scope.error && (
        <Alert color="red" variant="light" title="Not available">
          {errorMessageOf(scope.error)}
        </Alert>
      )}
      {scope.data && (
        <Tabs value={tab} onChange={(value) => setParams(value ? { tab: value } : {}, { replace: true })} keepMounted={false}>
          <Tabs.List>
            {tabs.map((candidate) => (
              <Tabs.Tab key={candidate.value} value={candidate.value}>
                {candidate.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="declarations" pt="md">
            <ConflictsRegister scope={scope.data} />
          </Tabs.Panel>
          {scope.data.isAdministrator && (
            <Tabs.Panel value="agreements" pt="md">
              {agreements.data && <AgreementsRegister currentYear={agreements.data.year} />}
            </Tabs.Panel>
          )}
          {scope.data.isAdministrator && (
            <Tabs.Panel value="staff" pt="md">
              <StaffRegister recordPathOf={adminStaffRecordPath} />
            </Tabs.Panel>
          )}
          <Tabs.Panel value="events" pt="md">
            <EventsRegister scope={scope.data} />
          </Tabs.Panel>
        </Tabs>
      )}
    </Stack>
  );
}

/** The Impartiality menu (issue 43): registers for account administrators, and for a program's manager those of their programs. */
export function AdminImpartialityRoute() {
  const { user } = useRequiredSession();
  usePageTitle('Impartiality');
  if (!user.menuItems.includes('Impartiality')) return <NotAvailable title="Impartiality" message={NO_ACCESS_MESSAGE} />;
  return <ImpartialityScreen />;
}

/** Every member of staff's own page, whatever their menu: this year's agreement, their declarations and their record. */
export function AdminMyImpartialityRoute() {
  usePageTitle('My impartiality');
  const record = useMyStaffRecord();
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>My impartiality</Title>
        <Text c="dimmed" maw={720}>
          Sign this year&apos;s agreement, declare anyone you could not judge impartially, and see your qualifications and authorisations as the body records them.
        </Text>
      </Stack>
      <MyAgreementPanel />
      <MyConflictsPanel />
      <Title order={2} size="h3">
        My record
      </Title>
      {record.error && (
        <Alert color="red" variant="light" title="Not loaded">
          {errorMessageOf(record.error)}
        </Alert>
      )}
      {record.data && <StaffRecordView record={record.data} isOwn />}
    </Stack>
  );
}

function StaffRecordScreen({ userId }: { userId: string }) {
  const record = useStaffRecord(userId);
  usePageTitle(record.data ? `${record.data.staff.name}: staff record` : 'Staff record');
  return (
    <Stack gap="lg">
      <Breadcrumbs>
        <Anchor component={Link} to={ADMIN_IMPARTIALITY_PATH}>
          Impartiality
        </Anchor>
        <Anchor component={Link} to={`${ADMIN_IMPARTIALITY_PATH}?tab=staff`}>
          Staff records
        </Anchor>
        <Text>{record.data?.staff.name ?? 'Staff record'}</Text>
      </Breadcrumbs>
      <Stack gap={4}>
        <Title order={1}>{record.data ? record.data.staff.name : 'Staff record'}</Title>
        {record.data && (
          <Text c="dimmed">
            {record.data.staff.email}
            {record.data.staff.active ? '' : ' (inactive)'}
          </Text>
        )}
      </Stack>
      {record.isPending && <Loader size="sm" aria-label="Loading" />}
      {record.error && (
        <Alert color="red" variant="light" title="Not available">
          {errorMessageOf(record.error)}
        </Alert>
      )}
      {record.data && <StaffRecordView record={record.data} />}
    </Stack>
  );
}

/** A staff member's record: account administrators, and a program's manager for the staff of their programs. */
export function AdminStaffRecordRoute() {
  const { user } = useRequiredSession();
  const { userId = '' } = useParams();
  if (!user.menuItems.includes('Impartiality')) return <NotAvailable title="Staff record" message={NO_ACCESS_MESSAGE} />;
  return <StaffRecordScreen userId={userId} />;
}
