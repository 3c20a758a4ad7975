import type { AwardPage } from '../api/find-my-awards';
import { DateDisplay } from '../../../components/ui/date-display';
import { PagedTable, type PagedTableColumn } from '../../../components/ui/paged-table';

type AwardRow = AwardPage['rows'][number];

interface AwardsTableProps {
  rows: readonly AwardRow[];
  page: number;
  pageSize: number;
  totalRows: number;
  isLoading: boolean;
  error: string | null;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

/** The awards table of spec section 2: Name, ID, Program Code, Program Title, Award Date. */
export function AwardsTable(props: AwardsTableProps) {
  const columns: PagedTableColumn<AwardRow>[] = [
    { key: 'name', header: 'Name', isRowHeader: true, render: (row) => row.name },
    { key: 'id', header: 'ID', noWrap: true, render: (row) => row.awardNumber },
    { key: 'code', header: 'Program Code', noWrap: true, render: (row) => row.programCode },
    { key: 'title', header: 'Program Title', render: (row) => row.programTitle },
    { key: 'date', header: 'Award Date', noWrap: true, render: (row) => <DateDisplay value={row.awardDate} /> },
  ];
  return <PagedTable label="Awards" testId="awards-table" columns={columns} rowKey={(row) => row.id} emptyText="No awards yet." {...props} />;
}
