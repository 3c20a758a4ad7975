import { AppShell, Box, Burger, Group, NavLink, ScrollArea, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { ADMIN_MENU_ITEMS, ADMIN_MENU_PATHS } from '@certs/shared/auth/admin-menu';
import { ROLE_HOME_PATHS, type Role } from '@certs/shared/auth/roles';
import { Brand } from '../../components/layouts/brand';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/layouts/skip-link';
import { canManageAccountSettings } from '../../features/account/account-roles';
import { useCurrentAccount } from '../../features/account/api/find-current-account';
import { HeaderAccount, showsAccountName } from '../../features/account/components/header-account';
import { useSyncCurrentUser } from '../../features/auth/api/fetch-current-user';
import { useRequiredSession } from '../../lib/auth';
import { useIsNarrowerThan } from '../../lib/use-is-narrower-than';
import { ADMIN_ACCOUNT_SETTINGS_PATH } from '../route-paths';
import { UserHeaderItems } from './user-header-items';

/** The admin area: header, side menu from the user's menu items (in menu order), and the page. */
export function AdminLayout() {
  const { user } = useRequiredSession();
  useSyncCurrentUser();
  const [isMenuOpen, { toggle: toggleMenu, close: closeMenu }] = useDisclosure(false);
  const { pathname } = useLocation();
  const items = ADMIN_MENU_ITEMS.filter((item) => user.menuItems.includes(item));
  // Mantine's sm (48em) is the spec's md (768): where the side menu folds behind the burger.
  const isNarrow = useIsNarrowerThan('md');
  // Below 1024 the header has no room for the account and Account settings: the menu holds them.
  // From 1024 to 1280 the product's name gives way to the account beside the mark.
  const isHeaderShort = useIsNarrowerThan('lg');
  const isHeaderMedium = useIsNarrowerThan('xl');
  const currentAccount = useCurrentAccount();
  const isAccountShown = !!currentAccount.data && showsAccountName(currentAccount.data);
  const navigate = useNavigate();
  const homePath = ROLE_HOME_PATHS[user.role as Role] ?? '/admin';
  // After switching accounts every screen reads anew: the role's home, with an empty cache.
  const goHomeAfterSwitch = () => {
    closeMenu();
    void navigate(homePath);
  };

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !isMenuOpen } }}
      padding={{ base: 'sm', sm: 'xl' }}
      bg="gray.0"
    >
      <SkipLink />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={isMenuOpen} onClick={toggleMenu} hiddenFrom="sm" size="sm" aria-label="Toggle main menu" aria-expanded={isMenuOpen} />
            <Brand to={homePath} isNameHidden={isAccountShown && isHeaderMedium && !isHeaderShort} />
            {!isHeaderShort && <HeaderAccount user={user} onSwitched={goHomeAfterSwitch} />}
          </Group>
          <UserHeaderItems user={user} withAccountSettings={!isHeaderShort} />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label="Main menu">
        <Text size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" py="xs" aria-hidden="true">
          Menu
        </Text>
        {/* No room in a short header: the account (or its switcher) heads the menu instead. */}
        {isHeaderShort && isAccountShown && (
          <Box px="sm" pb="sm">
            <HeaderAccount user={user} onSwitched={goHomeAfterSwitch} isInMenu />
          </Box>
        )}
        <ScrollArea type="auto">
          {items.map((item) => {
            const path = ADMIN_MENU_PATHS[item];
            const isActive = pathname === path || pathname.startsWith(`${path}/`);
            return (
              <NavLink
                key={item}
                component={Link}
                to={path}
                label={item}
                active={isActive}
                aria-current={isActive ? 'page' : undefined}
                onClick={closeMenu}
                variant="filled"
                fw={500}
                style={{ borderRadius: 'var(--mantine-radius-md)' }}
              />
            );
          })}
          {/* The header's Security link does not fit on a phone (below 768, where the menu folds away): it is here instead. */}
          {isNarrow && (
            <NavLink
              component={Link}
              to="/admin/security"
              label="Security"
              active={pathname === '/admin/security'}
              aria-current={pathname === '/admin/security' ? 'page' : undefined}
              onClick={closeMenu}
              variant="filled"
              fw={500}
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
            />
          )}
          {isHeaderShort && canManageAccountSettings(user) && (
            <NavLink
              component={Link}
              to={ADMIN_ACCOUNT_SETTINGS_PATH}
              label="Account settings"
              active={pathname.startsWith(ADMIN_ACCOUNT_SETTINGS_PATH)}
              aria-current={pathname === ADMIN_ACCOUNT_SETTINGS_PATH ? 'page' : undefined}
              onClick={closeMenu}
              variant="filled"
              fw={500}
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
            />
          )}
          {items.length === 0 && (
            <Text size="sm" px="sm">
              No menu items have been given to you yet.
            </Text>
          )}
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1}>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
