import { Alert, Anchor, Group, Loader, NativeSelect, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ADMIN_MENU_PATHS } from '@certs/shared/auth/admin-menu';
import { CASE_STATUSES, CASE_STATUS_LABELS, type CaseStatus } from '@certs/shared/case/case.contract';
import { COMPLAINT_ABOUT, COMPLAINT_ABOUT_LABELS, type ComplaintAbout } from '@certs/shared/complaint/complaint.contract';
import type { ComplaintRegisterParams } from '../../../features/complaint/api/complaint.keys';
import { ExportButton } from '../../../components/ui/export-button';
import { NotAvailable } from '../../../components/ui/not-available';
import { SearchInput } from '../../../components/ui/search-input';
import { findComplaints, useComplaintDetails, useComplaintFilters, useComplaintRegister } from '../../../features/complaint/api/staff-complaints';
import { COMPLAINT_CSV_COLUMNS, ComplaintRegisterTable } from '../../../features/complaint/components/complaint-register-table';
import { ComplaintStaffPanel } from '../../../features/complaint/components/complaint-staff-panel';
import { errorMessageOf } from '../../../lib/api-client';
import { useRequiredSession } from '../../../lib/auth';
import { csvFileName, pagesOf } from '../../../lib/export-csv';
import { pagedTableProps } from '../../../lib/paged-table-props';
import { usePageTitle } from '../../../lib/page-title';
import { useDebouncedSearch, usePaging } from '../../../lib/use-paging';
import { NO_ACCESS_MESSAGE } from './menu-area';

const TITLE = 'Complaints';

function ComplaintsRegister() {
  const paging = usePaging();
  const { page, pageSize, resetPage } = paging;
  const search = useDebouncedSearch(resetPage);
  const [status, setStatus] = useState<CaseStatus | ''>('');
  const [about, setAbout] = useState<ComplaintAbout | ''>('');
  const [programId, setProgramId] = useState('');
  const [handlerId, setHandlerId] = useState('');
  const [overdue, setOverdue] = useState<'all' | 'true'>('all');
  const filters = useComplaintFilters();
  const filter: Omit<ComplaintRegisterParams, 'page' | 'pageSize'> = {
    search: search.term || undefined,
    status: status || undefined,
    about: about || undefined,
    programId: programId || undefined,
    handlerId: handlerId || undefined,
    overdue: overdue === 'true' ? 'true' : undefined,
  };
  const list = useComplaintRegister({ page, pageSize, ...filter });
  const choose = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    resetPage();
  };
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{TITLE}</Title>
        <Text c="dimmed">Every complaint about the body, its examiners and venues, and certificate holders: who handles it, how old it is and whether it is past its decision date.</Text>
      </Stack>
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <Group gap="md" align="flex-end" wrap="wrap">
            <SearchInput search={search} placeholder="Reference, name or words" maw={280} />
            <NativeSelect label="Status" value={status} onChange={(event) => choose(setStatus)(event.currentTarget.value as CaseStatus | '')} data={[{ value: '', label: 'All' }, ...CASE_STATUSES.map((value) => ({ value, label: CASE_STATUS_LABELS[value] }))]} />
            <NativeSelect label="About" value={about} onChange={(event) => choose(setAbout)(event.currentTarget.value as ComplaintAbout | '')} data={[{ value: '', label: 'All' }, ...COMPLAINT_ABOUT.map((value) => ({ value, label: COMPLAINT_ABOUT_LABELS[value] }))]} />
            <NativeSelect
              label="Program"
              value={programId}
              onChange={(event) => choose(setProgramId)(event.currentTarget.value)}
              data={[{ value: '', label: 'All' }, ...(filters.data?.programs ?? []).map((program) => ({ value: program.id, label: program.programCode }))]}
            />
            <NativeSelect
              label="Handler"
              value={handlerId}
              onChange={(event) => choose(setHandlerId)(event.currentTarget.value)}
              data={[{ value: '', label: 'All' }, { value: 'none', label: 'Not assigned' }, ...(filters.data?.staff ?? []).map((member) => ({ value: member.id, label: member.name }))]}
            />
            <SegmentedControl
              aria-label="Overdue"
              value={overdue}
              onChange={(value) => choose(setOverdue)(value as 'all' | 'true')}
              data={[
                { value: 'all', label: 'All' },
                { value: 'true', label: 'Overdue' },
              ]}
            />
            <ExportButton table="Complaints" fileName={csvFileName('complaints', status)} source={{ kind: 'pages', columns: COMPLAINT_CSV_COLUMNS, fetchPage: pagesOf(findComplaints, filter) }} />
          </Group>
          <ComplaintRegisterTable {...pagedTableProps(list, paging)} />
        </Stack>
      </Paper>
    </Stack>
  );
}

/** Complaints (admin menu, issue 43): the body's register of complaints. */
export function AdminComplaintsRoute() {
  const { user } = useRequiredSession();
  usePageTitle(TITLE);
  if (!user.menuItems.includes('Complaints')) return <NotAvailable title={TITLE} message={NO_ACCESS_MESSAGE} />;
  return <ComplaintsRegister />;
}

function ComplaintPage({ id }: { id: string }) {
  const complaint = useComplaintDetails(id);
  const filters = useComplaintFilters();
  usePageTitle(complaint.data ? `Complaint ${complaint.data.reference}` : 'Complaint');
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={ADMIN_MENU_PATHS.Complaints} size="sm">
        All complaints
      </Anchor>
      {complaint.error ? (
        <Alert color="red" variant="light">
          {errorMessageOf(complaint.error)}
        </Alert>
      ) : complaint.data ? (
        <>
          <Title order={1}>Complaint {complaint.data.reference}</Title>
          <ComplaintStaffPanel complaint={complaint.data} filters={filters.data} />
        </>
      ) : (
        <Loader aria-label="Loading the complaint" />
      )}
    </Stack>
  );
}

/** One complaint: handler, investigation, outcome and actions taken. */
export function AdminComplaintRoute() {
  const { user } = useRequiredSession();
  const id = useParams().id ?? '';
  if (!user.menuItems.includes('Complaints')) return <NotAvailable title={TITLE} message={NO_ACCESS_MESSAGE} />;
  return <ComplaintPage id={id} />;
}
