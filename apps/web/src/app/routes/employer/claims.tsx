import { Alert, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ROLES } from '@certs/shared/auth/roles';
import type { EmployerClaim, EmployerClaimStatus } from '@certs/shared/company/company.contract';
import { EmployerClaimsTable, type ClaimDecision } from '../../../features/company/components/employer-claims-table';
import { useCompanyClaims, useDecideCompanyClaim } from '../../../features/employer/api/employer';
import { errorMessageOf } from '../../../lib/api-client';
import { useRequiredSession } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/page-title';

/** What a claim in each status may become: an approved one may be declined later, and back. */
const DECISIONS_OFFERED: Record<EmployerClaimStatus, ClaimDecision[]> = { pending: ['approve', 'decline'], approved: ['decline'], declined: ['approve'] };

const STATUS_TABS: { value: EmployerClaimStatus; label: string }[] = [
  { value: 'pending', label: 'Waiting' },
  { value: 'approved', label: 'Approved' },
  { value: 'declined', label: 'Declined' },
];

/**
 * People who say they work for the company (issue 42): until the coordinator approves, a claim
 * gives no corporate-member rights and the person is not among the company's people. A viewer sees
 * the claims; only the coordinator decides. An approved claim may be declined later, and back.
 */
export function EmployerClaimsRoute() {
  usePageTitle('Employee claims');
  const { user } = useRequiredSession();
  const isCoordinator = user.role === ROLES.CompanyCoordinator;
  const [status, setStatus] = useState<EmployerClaimStatus>('pending');
  const claims = useCompanyClaims(status);
  const decideClaim = useDecideCompanyClaim();
  const [failure, setFailure] = useState<string | null>(null);

  const decide = async (claim: EmployerClaim, decision: 'approve' | 'decline') => {
    setFailure(null);
    try {
      await decideClaim.mutateAsync({ applicantId: claim.applicantId, decision });
      notifications.show({ color: 'green', title: decision === 'approve' ? 'Claim approved' : 'Claim declined', message: `${claim.firstName} ${claim.lastName}` });
    } catch (error) {
      setFailure(errorMessageOf(error));
    }
  };

  const rows = claims.data ?? [];
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Employee claims</Title>
        <Text c="dimmed">People who named your company as their employer. Approve the ones who work for you: they then appear among your people.</Text>
      </Stack>
      <SegmentedControl aria-label="Claims shown" value={status} onChange={(value) => setStatus(value as EmployerClaimStatus)} data={STATUS_TABS} w="fit-content" />
      {failure && (
        <Alert color="red" variant="light" title="Not saved">
          {failure}
        </Alert>
      )}
      {claims.error && (
        <Alert color="red" variant="light">
          {errorMessageOf(claims.error)}
        </Alert>
      )}
      {claims.isSuccess && rows.length === 0 && <Text c="dimmed">{status === 'pending' ? 'Nobody is waiting for a decision.' : 'None.'}</Text>}
      {rows.length > 0 && (
        <EmployerClaimsTable
          claims={rows}
          label="Employee claims"
          withDecidedOn={status !== 'pending'}
          decisions={isCoordinator ? DECISIONS_OFFERED[status] : []}
          isDeciding={decideClaim.isPending}
          onDecide={(claim, decision) => void decide(claim, decision)}
        />
      )}
    </Stack>
  );
}
