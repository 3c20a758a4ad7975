import { Alert, Group, Text } from '@mantine/core';
import { MEMBERSHIP_TYPE_LABELS, type Applicant } from '@certs/shared/applicant/applicant.contract';
import { DateDisplay } from '../../../components/ui/date-display';
import { StatusBadge } from '../../../components/ui/status-badge';

export type MembershipState = 'none' | 'awaiting' | 'confirmed';

export function membershipStateOf(applicant: Pick<Applicant, 'membershipType' | 'membershipConfirmedOn'>): MembershipState {
  if (applicant.membershipType === 'none') return 'none';
  return applicant.membershipConfirmedOn ? 'confirmed' : 'awaiting';
}

export const MEMBERSHIP_STATE_LABELS: Record<MembershipState, string> = {
  none: 'Not a member',
  awaiting: 'Awaiting confirmation by staff',
  confirmed: 'Confirmed',
};

interface MembershipStateBadgeProps {
  applicant: Pick<Applicant, 'membershipType' | 'membershipConfirmedOn'>;
  /** "Awaiting confirmation" rather than "... by staff", for the staff's own table. */
  isShort?: boolean;
}

export function MembershipStateBadge({ applicant, isShort = false }: MembershipStateBadgeProps) {
  const state = membershipStateOf(applicant);
  const color = state === 'confirmed' ? 'green' : state === 'awaiting' ? 'yellow' : 'gray';
  const label = isShort && state === 'awaiting' ? 'Awaiting confirmation' : MEMBERSHIP_STATE_LABELS[state];
  return <StatusBadge label={label} color={color} />;
}

/** Where the applicant's membership stands, and so which fees apply. */
export function MembershipStatus({ applicant }: { applicant: Applicant }) {
  const state = membershipStateOf(applicant);
  return (
    <Alert
      color={state === 'confirmed' ? 'teal' : state === 'awaiting' ? 'yellow' : 'gray'}
      variant="light"
      title={
        <Group gap="sm">
          <Text fw={700} size="sm" c="dark.7">
            {MEMBERSHIP_TYPE_LABELS[applicant.membershipType]}
          </Text>
          {/* "Not a member" is said once: a non-member's badge would only repeat the title. */}
          {state !== 'none' && <MembershipStateBadge applicant={applicant} />}
        </Group>
      }
      data-testid="membership-status"
    >
      {state === 'none' && <Text size="sm">Non-member fees apply. If you are a member, enter your membership type and member number below.</Text>}
      {state === 'awaiting' && (
        <Text size="sm">
          Member number {applicant.memberNumber}: awaiting confirmation by staff. Non-member fees apply until your membership is confirmed.
        </Text>
      )}
      {state === 'confirmed' && (
        <Text size="sm">
          Member number {applicant.memberNumber}, confirmed <DateDisplay value={applicant.membershipConfirmedOn} />
          {applicant.memberCurrentUntil && (
            <>
              , current until <DateDisplay value={applicant.memberCurrentUntil} />
            </>
          )}
          . Member fees apply.
        </Text>
      )}
    </Alert>
  );
}
