import { Text } from '@mantine/core';
import { APPEAL_SUBJECT_SHORT, staffAppealPath, type AppealRow } from '@certs/shared/appeal/appeal.contract';
import { caseRegisterCsvTail, caseRegisterHeadColumns, caseRegisterTailColumns } from '../../../components/case/case-register';
import { PagedTable, type PagedTableColumn } from '../../../components/ui/paged-table';
import type { CsvColumn } from '../../../lib/export-csv';
import type { PagedTableProps } from '../../../lib/paged-table-props';

/** The register as a file: what an assessor asks for (received, subject, handler, status, outcome, age). */
export const APPEAL_CSV_COLUMNS: readonly CsvColumn<AppealRow>[] = [
  { header: 'Reference', value: (row) => row.reference },
  { header: 'Received', value: (row, dates) => dates.date(row.receivedOn) },
  { header: 'Person', value: (row) => row.appellantName },
  { header: 'Against', value: (row) => APPEAL_SUBJECT_SHORT[row.subject] },
  { header: 'Program', value: (row) => row.programCode },
  { header: 'Application', value: (row) => row.applicationNumber ?? '' },
  ...caseRegisterCsvTail<AppealRow>(),
];

/** The appeals register: newest first, overdue ones marked in red. */
export function AppealRegisterTable(props: PagedTableProps<AppealRow>) {
  const columns: PagedTableColumn<AppealRow>[] = [
    ...caseRegisterHeadColumns<AppealRow>((row) => staffAppealPath(row.id)),
    { key: 'person', header: 'Person', render: (row) => row.appellantName },
    { key: 'subject', header: 'Against', render: (row) => APPEAL_SUBJECT_SHORT[row.subject] },
    {
      key: 'program',
      header: 'Program',
      noWrap: true,
      render: (row) => (
        <Text size="sm">
          {row.programCode}
          {row.applicationNumber && (
            <Text span size="xs" c="dimmed">
              {' '}
              {row.applicationNumber}
            </Text>
          )}
        </Text>
      ),
    },
    ...caseRegisterTailColumns<AppealRow>('appeal-status'),
  ];
  return <PagedTable label="Appeals" testId="appeals-table" columns={columns} rowKey={(row) => row.id} emptyText="No appeals." {...props} />;
}
