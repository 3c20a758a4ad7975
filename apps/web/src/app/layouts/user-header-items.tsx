import { Anchor, Avatar, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { SessionUser } from '@certs/shared/auth/auth.contract';
import { canManageAccountSettings } from '../../features/account/account-roles';
import { LogoutButton } from '../../features/auth/components/logout-button';
import { fullNameOf, roleLabelOf } from '../../features/auth/components/user-labels';
import { TimeZoneSelect } from '../../features/auth/components/time-zone-select';
import { ADMIN_ACCOUNT_SETTINGS_PATH } from '../route-paths';

/**
 * Right side of both signed-in headers: who is signed in, their zone, and the way out.
 * `withAccountSettings`: the admin header has room for the Account settings link (else its menu holds it).
 */
export function UserHeaderItems({ user, withAccountSettings = false }: { user: SessionUser; withAccountSettings?: boolean }) {
  const name = fullNameOf(user);
  return (
    <Group gap="md" wrap="nowrap">
      <Group gap="xs" wrap="nowrap" visibleFrom="sm">
        <Avatar color="indigo" radius="xl" size="md" alt="" aria-hidden="true">
          {`${user.firstName[0] ?? ''}${user.lastName[0] ?? ''}`.toUpperCase()}
        </Avatar>
        <Stack gap={0}>
          <Text size="sm" fw={600} lh={1.2} data-testid="header-user-name">
            {name}
          </Text>
          <Text size="xs" c="dimmed" lh={1.2}>
            {roleLabelOf(user.role)}
          </Text>
        </Stack>
      </Group>
      <TimeZoneSelect />
      {user.userType === 'admin' && (
        // On a phone there is no room in the header: the admin menu offers Security there instead.
        <Anchor component={Link} to="/admin/security" size="sm" visibleFrom="sm">
          Security
        </Anchor>
      )}
      {withAccountSettings && canManageAccountSettings(user) && (
        <Anchor component={Link} to={ADMIN_ACCOUNT_SETTINGS_PATH} size="sm">
          Account settings
        </Anchor>
      )}
      <LogoutButton />
    </Group>
  );
}
