import { errorMessageOf } from '../../../lib/api-client';
import { usePaging } from '../../../lib/use-paging';
import { useMyAwards } from '../api/find-my-awards';
import { AwardDownloads } from './award-downloads';
import { AwardsTable } from './awards-table';

/** The applicant's Awards list with each award's certificate and credential. */
export function MyAwards() {
  const { page, pageSize, onPageChange, onPageSizeChange } = usePaging();
  const awards = useMyAwards({ page, pageSize });
  return (
    <AwardsTable
      label="Awards"
      testId="awards-table"
      rows={awards.data?.rows ?? []}
      totalRows={awards.data?.totalRows ?? 0}
      isLoading={awards.isFetching}
      error={awards.error ? errorMessageOf(awards.error) : null}
      page={page}
      pageSize={pageSize}
      onPageChange={onPageChange}
      onPageSizeChange={onPageSizeChange}
      actionsOf={(row) => <AwardDownloads award={row} />}
    />
  );
}
