import type { AwardRow } from '@certs/shared/award/award.contract';
import { usePaging } from '../../../lib/use-paging';
import { pagedTableProps } from '../../../lib/paged-table-props';
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
  const paging = usePaging();
  const { page, pageSize } = paging;
  const awards = useApplicantAwards(applicantId, { page, pageSize });
  return (
    <AwardsTable
      label={`Awards of ${applicantName}`}
      testId="applicant-awards-table"
      {...pagedTableProps(awards, paging)}
      emptyText="No awards that you may see."
      applicationHrefOf={applicationHrefOf}
      actionsOf={(row) => <AwardDownloads award={row} canDownloadInvalid />}
    />
  );
}
