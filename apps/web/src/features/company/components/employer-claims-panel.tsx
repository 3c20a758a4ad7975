import { Alert, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { EmployerClaim } from '@certs/shared/company/company.contract';
import { errorMessageOf } from '../../../lib/api-client';
import { useDecideEmployerClaim, usePendingEmployerClaims } from '../api/companies';
import { EmployerClaimsTable } from './employer-claims-table';

/**
 * Applicants' claims to work for a company, waiting for staff (decision 036): until approved, a
 * claim gives no corporate-member rights and the applicant is not among the company's people.
 */
export function EmployerClaimsPanel() {
  const claims = usePendingEmployerClaims();
  const decideClaim = useDecideEmployerClaim();
  const [failure, setFailure] = useState<string | null>(null);

  const decide = async (claim: EmployerClaim, decision: 'approve' | 'decline') => {
    setFailure(null);
    try {
      await decideClaim.mutateAsync({ companyId: claim.companyId, applicantId: claim.applicantId, decision });
      const who = `${claim.firstName} ${claim.lastName}`;
      notifications.show({ color: 'green', title: decision === 'approve' ? 'Claim approved' : 'Claim declined', message: `${who}, ${claim.companyName}` });
    } catch (error) {
      setFailure(errorMessageOf(error));
    }
  };

  const rows = claims.data ?? [];
  return (
    <Stack gap="sm" component="section" aria-labelledby="employer-claims-heading">
      <Title order={2} size="h3" id="employer-claims-heading">
        Employee claims waiting
      </Title>
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
      {claims.isSuccess && rows.length === 0 && <Text c="dimmed">No applicant is waiting for you to confirm their employer.</Text>}
      {rows.length > 0 && (
        <EmployerClaimsTable claims={rows} label="Employee claims waiting" withCompany decisions={['approve', 'decline']} isDeciding={decideClaim.isPending} onDecide={(claim, decision) => void decide(claim, decision)} />
      )}
    </Stack>
  );
}
