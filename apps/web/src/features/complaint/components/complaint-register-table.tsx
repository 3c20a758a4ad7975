import { Text } from '@mantine/core';
import { COMPLAINANT_KIND_LABELS, COMPLAINT_ABOUT_LABELS, COMPLAINT_PAGES, type ComplaintRegisterRow } from '@certs/shared/complaint/complaint.contract';
import { caseRegisterCsvTail, caseRegisterHeadColumns, caseRegisterTailColumns } from '../../../components/case/case-register';
import { PagedTable, type PagedTableColumn } from '../../../components/ui/paged-table';
import type { PagedTableProps } from '../../../lib/paged-table-props';
import type { CsvColumn } from '../../../lib/export-csv';

/** The register as a file: what an assessor asks for (received, about, handler, status, outcome, age). */
export const COMPLAINT_CSV_COLUMNS: readonly CsvColumn<ComplaintRegisterRow>[] = [
  { header: 'Reference', value: (row) => row.reference },
  { header: 'Received', value: (row, dates) => dates.date(row.receivedOn) },
  { header: 'From', value: (row) => `${row.complainantName} (${COMPLAINANT_KIND_LABELS[row.complainantKind]})` },
  { header: 'About', value: (row) => COMPLAINT_ABOUT_LABELS[row.about] },
  { header: 'What it is about', value: (row) => row.aboutText },
  { header: 'Program', value: (row) => row.programCode ?? '' },
  ...caseRegisterCsvTail<ComplaintRegisterRow>(),
];

/** The body's complaints: newest first, overdue ones marked in red. */
export function ComplaintRegisterTable(props: PagedTableProps<ComplaintRegisterRow>) {
  const columns: PagedTableColumn<ComplaintRegisterRow>[] = [
    ...caseRegisterHeadColumns<ComplaintRegisterRow>((row) => `${COMPLAINT_PAGES.staff}/${row.id}`),
    {
      key: 'from',
      header: 'From',
      render: (row) => (
        <Text size="sm">
          {row.complainantName}{' '}
          <Text span size="xs" c="dimmed">
            ({COMPLAINANT_KIND_LABELS[row.complainantKind]})
          </Text>
        </Text>
      ),
    },
    {
      key: 'about',
      header: 'About',
      render: (row) => (
        <Text size="sm" lineClamp={2} maw={320}>
          {COMPLAINT_ABOUT_LABELS[row.about]}
          {row.aboutText ? `: ${row.aboutText}` : ''}
        </Text>
      ),
    },
    { key: 'program', header: 'Program', noWrap: true, render: (row) => row.programCode ?? '-' },
    ...caseRegisterTailColumns<ComplaintRegisterRow>('complaint-status'),
  ];
  return <PagedTable label="Complaints" testId="complaints-table" columns={columns} rowKey={(row) => row.id} emptyText="No complaints." {...props} />;
}
