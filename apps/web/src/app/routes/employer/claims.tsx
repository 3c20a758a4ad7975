import { Alert, Button, Group, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ROLES } from '@certs/shared/auth/roles';
import type { EmployerClaim, EmployerClaimStatus } from '@certs/shared/company/company.contract';
import { useCompanyClaims, useDecideCompanyClaim } from '../../../features/employer/api/employer';
import { errorMessageOf } from '../../../lib/api-client';
import { useRequiredSession } from '../../../lib/auth';
import { useDateFormatter } from '../../../lib/dates';
import { usePageTitle } from '../../../lib/page-title';

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
  const dates = useDateFormatter();
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
        <Table.ScrollContainer minWidth={560}>
          <Table striped aria-label="Employee claims">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Claimed on</Table.Th>
                {status !== 'pending' && <Table.Th>Decided on</Table.Th>}
                {isCoordinator && <Table.Th>Decision</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((claim) => {
                const who = `${claim.firstName} ${claim.lastName}`;
                return (
                  <Table.Tr key={claim.applicantId}>
                    <Table.Td>{who}</Table.Td>
                    <Table.Td>{claim.email}</Table.Td>
                    <Table.Td>{dates.date(claim.claimedOn)}</Table.Td>
                    {status !== 'pending' && <Table.Td>{dates.date(claim.decidedOn)}</Table.Td>}
                    {isCoordinator && (
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          {status !== 'approved' && (
                            <Button size="xs" aria-label={`Approve ${who}`} loading={decideClaim.isPending} onClick={() => void decide(claim, 'approve')}>
                              Approve
                            </Button>
                          )}
                          {status !== 'declined' && (
                            <Button size="xs" variant="default" aria-label={`Decline ${who}`} loading={decideClaim.isPending} onClick={() => void decide(claim, 'decline')}>
                              Decline
                            </Button>
                          )}
                        </Group>
                      </Table.Td>
                    )}
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
