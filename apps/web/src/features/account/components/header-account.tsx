import { NativeSelect, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { CurrentAccount } from '@certs/shared/account/account.contract';
import { errorMessageOf } from '../../../lib/api-client';
import { isPlatformSuperUser } from '../account-roles';
import { useCurrentAccount } from '../api/find-current-account';
import { useSwitchAccount } from '../api/switch-account';

interface HeaderAccountProps {
  user: { userType: string; role: number };
  /** After a switch: the caller goes to the role's home, so that every screen is read anew in the new account. */
  onSwitched: () => void;
  /** In the side menu (a short header has no room): as wide as the menu. */
  isInMenu?: boolean;
}

/**
 * Whether the header names the account: only where there is more than one. A deployment with one
 * account looks as it did before accounts.
 */
export function showsAccountName(current: CurrentAccount): boolean {
  return current.hasSeveralAccounts || current.canSwitch;
}

function AccountSwitcher({ current, onSwitched, width }: { current: CurrentAccount; onSwitched: () => void; width: number | string }) {
  const switchAccount = useSwitchAccount();
  const options = current.accounts.map((account) => ({ value: account.id, label: account.name }));

  const handleChange = async (accountId: string) => {
    if (accountId === current.account.id || switchAccount.isPending) return;
    try {
      const now = await switchAccount.mutateAsync(accountId);
      notifications.show({ color: 'green', title: 'Account switched', message: `You now work in ${now.account.name}.` });
      onSwitched();
    } catch (error) {
      notifications.show({ color: 'red', title: 'Account not switched', message: errorMessageOf(error) });
    }
  };

  return (
    <NativeSelect
      label="Account"
      data={options}
      value={switchAccount.isPending ? switchAccount.variables : current.account.id}
      onChange={(event) => void handleChange(event.currentTarget.value)}
      disabled={switchAccount.isPending}
      size="xs"
      w={width}
      data-testid="account-switcher"
    />
  );
}

/**
 * The account the admin screens show, in the header: a switcher for a super user who can move
 * between accounts, the account's name for everyone else where there are several, nothing where
 * there is one.
 */
export function HeaderAccount({ user, onSwitched, isInMenu = false }: HeaderAccountProps) {
  const { data: current } = useCurrentAccount();
  if (!current || !showsAccountName(current)) return null;
  if (isPlatformSuperUser(user) && current.canSwitch) return <AccountSwitcher current={current} onSwitched={onSwitched} width={isInMenu ? '100%' : 220} />;
  return (
    <Stack gap={0} maw={isInMenu ? undefined : 220} miw={0}>
      <Text size="xs" c="dimmed" lh={1.2}>
        Account
      </Text>
      <Text size="sm" fw={600} lh={1.3} truncate="end" data-testid="header-account-name" title={current.account.name}>
        {current.account.name}
      </Text>
    </Stack>
  );
}
