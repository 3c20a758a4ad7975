import type { AwardRow } from '@certs/shared/award/award.contract';
import { errorMessageOf } from '../../../lib/api-client';
import { usePaging } from '../../../lib/use-paging';
import { useApplicantAwards } from '../api/find-applicant-awards';
import { AwardDownloads } from './award-downloads';
import { AwardsTable } from './awards-table';

interface ApplicantAwardsListProps {
  applicantId: string;
  applicantName: string;
  applicationHrefOf: (row: AwardRow) => string;
}

/** Staff's sub-list of one applicant's awards (spec section 7: the applicant's awards, paged). */
export function ApplicantAwardsList({ applicantId, applicantName, applicationHrefOf }: ApplicantAwardsListProps) {
  const { page, pageSize, onPageChange, onPageSizeChange } = usePaging();
  const awards = useApplicantAwards(applicantId, { page, pageSize });
  return (
    <AwardsTable
      label={`Awards of ${applicantName}`}
      testId="applicant-awards-table"
      rows={awards.data?.rows ?? []}
      page={page}
      pageSize={pageSize}
      totalRows={awards.data?.totalRows ?? 0}
      isLoading={awards.isFetching}
      error={awards.error ? errorMessageOf(awards.error) : null}
      emptyText="No awards that you may see."
      applicationHrefOf={applicationHrefOf}
      actionsOf={(row) => <AwardDownloads award={row} canDownloadInvalid />}
      onPageChange={onPageChange}
      onPageSizeChange={onPageSizeChange}
    />
  );
}
