import { Alert, Anchor, Group, Loader, NativeSelect, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { APPEAL_SUBJECTS, APPEAL_SUBJECT_SHORT, type AppealSubject } from '@certs/shared/appeal/appeal.contract';
import { CASE_STATUSES, CASE_STATUS_LABELS, type CaseStatus } from '@certs/shared/case/case.contract';
import { PAGE_SIZE_OPTIONS } from '@certs/shared/common/paging';
import { ExportButton } from '../../../components/ui/export-button';
import { NotAvailable } from '../../../components/ui/not-available';
import { SearchInput } from '../../../components/ui/search-input';
import type { AppealRegisterParams } from '../../../features/appeal/api/appeal.keys';
import { findAppeals, useAppeal, useAppealRegister } from '../../../features/appeal/api/staff-appeals';
import { APPEAL_CSV_COLUMNS, AppealRegisterTable } from '../../../features/appeal/components/appeal-register-table';
import { AppealStaffPanel } from '../../../features/appeal/components/appeal-staff-panel';
import { openAttachment } from '../../../features/attachment/api/find-download-url';
import { useAssignableUsers } from '../../../features/program/api/find-assignable-users';
import { usePrograms } from '../../../features/program/api/find-programs';
import { errorMessageOf } from '../../../lib/api-client';
import { useRequiredSession } from '../../../lib/auth';
import { csvFileName, pagesOf } from '../../../lib/export-csv';
import { pagedTableProps } from '../../../lib/paged-table-props';
import { usePageTitle } from '../../../lib/page-title';
import { useDebouncedSearch, usePaging } from '../../../lib/use-paging';
import { ADMIN_APPEALS_PATH } from '../../route-paths';
import { NO_ACCESS_MESSAGE } from './menu-area';
import { programApplicationPath } from './program-applications';

const TITLE = 'Appeals';
const LARGEST_PAGE = Math.max(...PAGE_SIZE_OPTIONS);

function AppealsRegister() {
  const { user } = useRequiredSession();
  const paging = usePaging();
  const { page, pageSize, resetPage } = paging;
  const search = useDebouncedSearch(resetPage);
  const [status, setStatus] = useState<CaseStatus | ''>('');
  const [subject, setSubject] = useState<AppealSubject | ''>('');
  const [programId, setProgramId] = useState('');
  const [handlerId, setHandlerId] = useState('');
  const [overdue, setOverdue] = useState<'all' | 'true'>('all');
  // The programs the caller may see, and (for administrators and managers) the staff directory, for the filters.
  const programs = usePrograms({ page: 1, pageSize: LARGEST_PAGE, searchBy: 'All', programTypes: [] });
  const staff = useAssignableUsers(user.menuItems.includes('Programs'));
  const filter: Omit<AppealRegisterParams, 'page' | 'pageSize'> = {
    search: search.term || undefined,
    status: status || undefined,
    subject: subject || undefined,
    programId: programId || undefined,
    handlerId: handlerId || undefined,
    overdue: overdue === 'true' ? 'true' : undefined,
  };
  const list = useAppealRegister({ page, pageSize, ...filter });
  const choose =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      resetPage();
    };
  const handlerOptions = [
    { value: '', label: 'All' },
    { value: user.id, label: 'Mine' },
    ...(staff.data ?? []).filter((member) => member.id !== user.id).map((member) => ({ value: member.id, label: member.name })),
  ];
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{TITLE}</Title>
        <Text c="dimmed">Appeals against results, assessments, refused renewals and held or cancelled awards: who handles each, how old it is and whether it is past its decision date.</Text>
      </Stack>
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <Group gap="md" align="flex-end" wrap="wrap">
            <SearchInput search={search} placeholder="Reference, application or name" maw={280} />
            <NativeSelect label="Status" value={status} onChange={(event) => choose(setStatus)(event.currentTarget.value as CaseStatus | '')} data={[{ value: '', label: 'All' }, ...CASE_STATUSES.map((value) => ({ value, label: CASE_STATUS_LABELS[value] }))]} />
            <NativeSelect label="Against" value={subject} onChange={(event) => choose(setSubject)(event.currentTarget.value as AppealSubject | '')} data={[{ value: '', label: 'All' }, ...APPEAL_SUBJECTS.map((value) => ({ value, label: APPEAL_SUBJECT_SHORT[value] }))]} />
            <NativeSelect
              label="Program"
              value={programId}
              onChange={(event) => choose(setProgramId)(event.currentTarget.value)}
              data={[{ value: '', label: 'All' }, ...(programs.data?.rows ?? []).map((program) => ({ value: program.id, label: program.programCode }))]}
            />
            <NativeSelect label="Handler" value={handlerId} onChange={(event) => choose(setHandlerId)(event.currentTarget.value)} data={handlerOptions} />
            <SegmentedControl
              aria-label="Overdue"
              value={overdue}
              onChange={(value) => choose(setOverdue)(value as 'all' | 'true')}
              data={[
                { value: 'all', label: 'All' },
                { value: 'true', label: 'Overdue' },
              ]}
            />
            <ExportButton table="Appeals" fileName={csvFileName('appeals', status)} source={{ kind: 'pages', columns: APPEAL_CSV_COLUMNS, fetchPage: pagesOf(findAppeals, filter) }} />
          </Group>
          <AppealRegisterTable {...pagedTableProps(list, paging)} />
        </Stack>
      </Paper>
    </Stack>
  );
}

/** Appeals (admin menu, issue 43): the register of appeals of the programs the caller serves on. */
export function AdminAppealsRoute() {
  const { user } = useRequiredSession();
  usePageTitle(TITLE);
  if (!user.menuItems.includes('Appeals')) return <NotAvailable title={TITLE} message={NO_ACCESS_MESSAGE} />;
  return <AppealsRegister />;
}

const openFile = (resourceKey: string) =>
  void openAttachment(resourceKey).catch((error: unknown) => notifications.show({ color: 'red', title: 'The file could not be opened', message: errorMessageOf(error) }));

function AppealPage({ id }: { id: string }) {
  const { user } = useRequiredSession();
  const appeal = useAppeal(id);
  usePageTitle(appeal.data ? `Appeal ${appeal.data.reference}` : 'Appeal');
  const data = appeal.data;
  const applicationHref = data?.applicationId && data.applicationTypePath ? programApplicationPath(data.programId, data.applicationTypePath, data.applicationId) : null;
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={ADMIN_APPEALS_PATH} size="sm">
        All appeals
      </Anchor>
      {appeal.error ? (
        <Alert color="red" variant="light">
          {errorMessageOf(appeal.error)}
        </Alert>
      ) : data?.staff ? (
        <>
          <Title order={1}>Appeal {data.reference}</Title>
          <AppealStaffPanel appeal={{ ...data, staff: data.staff }} userId={user.id} applicationHref={applicationHref} onOpenFile={openFile} />
        </>
      ) : (
        <Loader aria-label="Loading the appeal" />
      )}
    </Stack>
  );
}

/** One appeal: handler, investigation, outcome and the change it made. */
export function AdminAppealRoute() {
  const { user } = useRequiredSession();
  const id = useParams().id ?? '';
  if (!user.menuItems.includes('Appeals')) return <NotAvailable title={TITLE} message={NO_ACCESS_MESSAGE} />;
  return <AppealPage id={id} />;
}
