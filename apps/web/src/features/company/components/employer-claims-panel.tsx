import { Alert, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { EmployerClaim } from '@certs/shared/company/company.contract';
import { errorMessageOf } from '../../../lib/api-client';
import { useDateFormatter } from '../../../lib/dates';
import { useDecideEmployerClaim, usePendingEmployerClaims } from '../api/companies';

/**
 * Applicants' claims to work for a company, waiting for staff (decision 036): until approved, a
 * claim gives no corporate-member rights and the applicant is not among the company's people.
 */
export function EmployerClaimsPanel() {
  const claims = usePendingEmployerClaims();
  const decideClaim = useDecideEmployerClaim();
  const dates = useDateFormatter();
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
        <Table.ScrollContainer minWidth={640}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Applicant</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Company</Table.Th>
                <Table.Th>Claimed on</Table.Th>
                <Table.Th>Decision</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((claim) => {
                const who = `${claim.firstName} ${claim.lastName}`;
                return (
                  <Table.Tr key={`${claim.applicantId}-${claim.companyId}`}>
                    <Table.Td>{who}</Table.Td>
                    <Table.Td>{claim.email}</Table.Td>
                    <Table.Td>{claim.companyName}</Table.Td>
                    <Table.Td>{dates.date(claim.claimedOn)}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button size="xs" aria-label={`Approve ${who} at ${claim.companyName}`} loading={decideClaim.isPending} onClick={() => void decide(claim, 'approve')}>
                          Approve
                        </Button>
                        <Button size="xs" variant="default" aria-label={`Decline ${who} at ${claim.companyName}`} loading={decideClaim.isPending} onClick={() => void decide(claim, 'decline')}>
                          Decline
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
