import { Button, Group, Table } from '@mantine/core';
import type { EmployerClaim } from '@certs/shared/company/company.contract';
import { useDateFormatter } from '../../../lib/dates';
import { ScrollRegion } from '../../../components/ui/scroll-region';

export type ClaimDecision = 'approve' | 'decline';

interface EmployerClaimsTableProps {
  claims: readonly EmployerClaim[];
  label: string;
  /** Staff see every company's claims: the company gets a column and each button names it. */
  withCompany?: boolean;
  withDecidedOn?: boolean;
  /** The decisions offered on each row; none: no Decision column (a company's viewer). */
  decisions: readonly ClaimDecision[];
  isDeciding: boolean;
  onDecide: (claim: EmployerClaim, decision: ClaimDecision) => void;
}

const DECISION_LABELS: Record<ClaimDecision, string> = { approve: 'Approve', decline: 'Decline' };

/** Claims to work for a company (decision 036), for staff (Users -> Companies) and for the company's own portal (issue 42). */
export function EmployerClaimsTable({ claims, label, withCompany = false, withDecidedOn = false, decisions, isDeciding, onDecide }: EmployerClaimsTableProps) {
  const dates = useDateFormatter();
  return (
    <ScrollRegion label={label}>
      <Table miw={560} striped aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email</Table.Th>
            {withCompany && <Table.Th>Company</Table.Th>}
            <Table.Th>Claimed on</Table.Th>
            {withDecidedOn && <Table.Th>Decided on</Table.Th>}
            {decisions.length > 0 && <Table.Th>Decision</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {claims.map((claim) => {
            const who = `${claim.firstName} ${claim.lastName}`;
            const named = withCompany ? `${who} at ${claim.companyName}` : who;
            return (
              <Table.Tr key={`${claim.applicantId}-${claim.companyId}`}>
                <Table.Td>{who}</Table.Td>
                <Table.Td>{claim.email}</Table.Td>
                {withCompany && <Table.Td>{claim.companyName}</Table.Td>}
                <Table.Td>{dates.date(claim.claimedOn)}</Table.Td>
                {withDecidedOn && <Table.Td>{dates.date(claim.decidedOn)}</Table.Td>}
                {decisions.length > 0 && (
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      {decisions.map((decision) => (
                        // A default button for Decline: a light red one on a striped row is under 4.5:1.
                        <Button key={decision} size="xs" variant={decision === 'approve' ? 'filled' : 'default'} aria-label={`${DECISION_LABELS[decision]} ${named}`} loading={isDeciding} onClick={() => onDecide(claim, decision)}>
                          {DECISION_LABELS[decision]}
                        </Button>
                      ))}
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}
