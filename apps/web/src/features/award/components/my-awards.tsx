import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import type { AwardRow } from '@certs/shared/award/award.contract';
import { isInRenewalWindow, subtractMonths } from '@certs/shared/award/award-expiry';
import { todayInSydney } from '@certs/shared/pre-exam/pre-exam-rules';
import { PROGRAM_TYPES } from '@certs/shared/program/program-type';
import { usePaging } from '../../../lib/use-paging';
import { pagedTableProps } from '../../../lib/paged-table-props';
import { useMyAwards } from '../api/find-my-awards';
import { AwardDownloads } from './award-downloads';
import { AwardsTable } from './awards-table';

/** The renewal form of an award (apps/web/src/app/routes/student/renewal.tsx; features do not import routes), by its renewal type. */
const renewalPathOf = (row: AwardRow) =>
  `/student/awards/${encodeURIComponent(row.id)}/renew${row.programType === PROGRAM_TYPES.AICIP ? '?type=aiciprenewalapplication' : ''}`;

/**
 * A Certification or AICIP award may be renewed when current inside its renewal window (from 6
 * months before expiry), or expired within the last year: the form then says whether the program
 * takes a late renewal, within its grace period (decision 023).
 */
function canRenew(row: AwardRow, today: string): boolean {
  if (row.programType !== PROGRAM_TYPES.Certification && row.programType !== PROGRAM_TYPES.AICIP) return false;
  const expiresOn = row.expiresOn ? row.expiresOn.slice(0, 10) : null;
  if (row.status === 'expired') return !!expiresOn && expiresOn >= subtractMonths(today, 12);
  return row.status === 'current' && isInRenewalWindow(expiresOn, today);
}

/** The applicant's Awards list with each award's certificate and credential. */
export function MyAwards() {
  const paging = usePaging();
  const { page, pageSize } = paging;
  const awards = useMyAwards({ page, pageSize });
  const today = todayInSydney();
  return (
    <AwardsTable
      label="Awards"
      testId="awards-table"
      {...pagedTableProps(awards, paging)}
      actionsOf={(row) => (
        <Group gap="xs" wrap="nowrap" justify="flex-end">
          {canRenew(row, today) && (
            <Button size="xs" variant="default" component={Link} to={renewalPathOf(row)} aria-label={`Renew certificate ${row.certificateNumber}`}>
              Renew
            </Button>
          )}
          <AwardDownloads award={row} />
        </Group>
      )}
    />
  );
}
