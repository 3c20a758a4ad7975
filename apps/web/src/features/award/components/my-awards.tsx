import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import type { AwardRow } from '@certs/shared/award/award.contract';
import { isInRenewalWindow } from '@certs/shared/award/award-expiry';
import { todayInSydney } from '@certs/shared/pre-exam/pre-exam-rules';
import { PROGRAM_TYPES } from '@certs/shared/program/program-type';
import { errorMessageOf } from '../../../lib/api-client';
import { usePaging } from '../../../lib/use-paging';
import { useMyAwards } from '../api/find-my-awards';
import { AwardDownloads } from './award-downloads';
import { AwardsTable } from './awards-table';

/** The renewal form of an award (apps/web/src/app/routes/student/renewal.tsx; features do not import routes). */
const renewalPathOf = (awardId: string) => `/student/awards/${encodeURIComponent(awardId)}/renew`;

/** A current Certification award inside its renewal window (from 6 months before expiry, decision 023) may be renewed. */
function canRenew(row: AwardRow, today: string): boolean {
  return row.status === 'current' && row.programType === PROGRAM_TYPES.Certification && isInRenewalWindow(row.expiresOn ? row.expiresOn.slice(0, 10) : null, today);
}

/** The applicant's Awards list with each award's certificate and credential. */
export function MyAwards() {
  const { page, pageSize, onPageChange, onPageSizeChange } = usePaging();
  const awards = useMyAwards({ page, pageSize });
  const today = todayInSydney();
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
      actionsOf={(row) => (
        <Group gap="xs" wrap="nowrap" justify="flex-end">
          {canRenew(row, today) && (
            <Button size="xs" variant="default" component={Link} to={renewalPathOf(row.id)} aria-label={`Renew certificate ${row.certificateNumber}`}>
              Renew
            </Button>
          )}
          <AwardDownloads award={row} />
        </Group>
      )}
    />
  );
}
