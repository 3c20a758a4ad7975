import { Alert, Group, List, Stack, Text } from '@mantine/core';
import { MEMBERSHIP_TYPE_LABELS, type AccountMembership, type Applicant } from '@certs/shared/applicant/applicant.contract';
import { DateDisplay } from '../../../components/ui/date-display';
import { StatusBadge } from '../../../components/ui/status-badge';

export type MembershipState = 'none' | 'awaiting' | 'confirmed';

/** For staff: where the membership stands with their own awarding body (the flat fields are its). */
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

/** Where the applicant's own membership stands: each awarding body confirms its own members. */
export function ownMembershipStateOf(applicant: Pick<Applicant, 'membershipType' | 'memberships'>): MembershipState {
  if (applicant.membershipType === 'none') return 'none';
  return applicant.memberships.length > 0 ? 'confirmed' : 'awaiting';
}

/** One awarding body's confirmation, and so whether its member fees apply. */
function BodyMembership({ membership }: { membership: AccountMembership }) {
  return (
    <Text size="sm" component="li">
      <strong>{membership.accountName}</strong>: member number {membership.memberNumber}, confirmed <DateDisplay value={membership.membershipConfirmedOn} />
      {membership.memberCurrentUntil && (
        <>
          , current until <DateDisplay value={membership.memberCurrentUntil} />
        </>
      )}
      . {membership.isMember ? 'Member fees apply.' : 'No longer current: non-member fees apply.'}
    </Text>
  );
}

/**
 * Where the applicant's membership stands with each awarding body, and so which fees apply: a
 * body's member fees and members' documents need that body's own confirmation.
 */
export function MembershipStatus({ applicant }: { applicant: Applicant }) {
  const state = ownMembershipStateOf(applicant);
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
          {state !== 'none' && <StatusBadge label={MEMBERSHIP_STATE_LABELS[state]} color={state === 'confirmed' ? 'green' : 'yellow'} />}
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
        <Stack gap={4}>
          <List size="sm" spacing={4} aria-label="Memberships by awarding body">
            {applicant.memberships.map((membership) => (
              <BodyMembership key={membership.accountId} membership={membership} />
            ))}
          </List>
          <Text size="sm" c="dimmed">
            Another awarding body charges its non-member fees until its own staff confirm your membership.
          </Text>
        </Stack>
      )}
    </Alert>
  );
}
