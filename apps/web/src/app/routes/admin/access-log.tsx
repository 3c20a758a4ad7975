import { Anchor, Breadcrumbs, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { ADMIN_MENU_PATHS } from '@certs/shared/auth/admin-menu';
import { ROLES } from '@certs/shared/auth/roles';
import { searchTermOrUndefined } from '@certs/shared/common/paging';
import type { AccessLogQuery } from '@certs/shared/privacy/privacy.contract';
import { NotAvailable } from '../../../components/ui/not-available';
import { ExportButton } from '../../../components/ui/export-button';
import { findAccessLog, useAccessLog } from '../../../features/privacy/api/access-log';
import {
  AccessLogFilters,
  NO_ACCESS_LOG_FILTERS,
  dateRangeProblemOf,
  type AccessLogFilterValues,
} from '../../../features/privacy/components/access-log-filters';
import { ACCESS_LOG_CSV_COLUMNS, AccessLogTable } from '../../../features/privacy/components/access-log-table';
import { pagesOf } from '../../../lib/export-csv';
import { useRequiredSession, type Session } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/page-title';
import { SEARCH_DELAY_MS, usePaging } from '../../../lib/use-paging';
import { pagedTableProps } from '../../../lib/paged-table-props';
import { NO_ACCESS_MESSAGE } from './menu-area';
// Also exported here for the modules that import it from the page (its home is route-paths.ts).
export { ADMIN_ACCESS_LOG_PATH } from '../../route-paths';


/** Super users only, as the API (decision 016): the log is the check on every other role. */
export function canReadAccessLog(user: Session['user']): boolean {
  return user.menuItems.includes('Users') && user.role === ROLES.SuperUser;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The query the API takes: filled-in filters only, days only when complete and in order. */
export function accessLogQueryOf(values: AccessLogFilterValues, page: number, pageSize: number): AccessLogQuery {
  const from = DAY.test(values.from) ? values.from : undefined;
  const to = DAY.test(values.to) && !dateRangeProblemOf(values) ? values.to : undefined;
  return { page, pageSize, staff: searchTermOrUndefined(values.staff), applicant: searchTermOrUndefined(values.applicant), from, to };
}

function AccessLogScreen() {
  const paging = usePaging();
  const { page, pageSize, resetPage } = paging;
  const [values, setValues] = useState<AccessLogFilterValues>(NO_ACCESS_LOG_FILTERS);
  // Typing in a name waits for a pause; the request follows the last keystroke, not each one.
  const [settled] = useDebouncedValue(values, SEARCH_DELAY_MS);
  const query = accessLogQueryOf(settled, page, pageSize);
  const log = useAccessLog(query);
  const isFiltered = Object.values(values).some((value) => value !== '');

  return (
    <Stack gap="lg">
      <Breadcrumbs>
        <Anchor component={Link} to={ADMIN_MENU_PATHS.Users}>
          Users
        </Anchor>
        <Text>Access log</Text>
      </Breadcrumbs>
      <Stack gap={4}>
        <Title order={1}>Access log</Title>
        <Text c="dimmed">Every time a member of staff opened an applicant&apos;s profile, profile lists, files or application, newest first.</Text>
      </Stack>
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <AccessLogFilters
            values={values}
            onChange={(next) => {
              setValues(next);
              resetPage();
            }}
          />
          <Group justify="flex-end">
            <ExportButton table="Access log" fileName="access-log.csv" source={{ kind: 'pages', columns: ACCESS_LOG_CSV_COLUMNS, fetchPage: pagesOf(findAccessLog, query) }} />
          </Group>
          <AccessLogTable
            {...pagedTableProps(log, paging)}
            emptyText={isFiltered ? 'No reads match these filters.' : "No member of staff has opened an applicant's record yet."}
          />
        </Stack>
      </Paper>
    </Stack>
  );
}

/** Access log (under Users): staff reads of applicants' personal data, for super users. */
export function AdminAccessLogRoute() {
  const { user } = useRequiredSession();
  usePageTitle('Access log');
  if (!canReadAccessLog(user)) return <NotAvailable title="Access log" message={NO_ACCESS_MESSAGE} />;
  return <AccessLogScreen />;
}
