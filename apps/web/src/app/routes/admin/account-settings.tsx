import { Alert, Anchor, Breadcrumbs, Button, Center, Divider, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate } from 'react-router';
import { NotAvailable } from '../../../components/ui/not-available';
import { canManageAccountSettings, isPlatformSuperUser } from '../../../features/account/account-roles';
import { useCreateAccount } from '../../../features/account/api/create-account';
import { useAccountSettings } from '../../../features/account/api/find-account-settings';
import { useAccountsOverview } from '../../../features/account/api/find-accounts-overview';
import { useCurrentAccount } from '../../../features/account/api/find-current-account';
import { useUpdateAccountSettings } from '../../../features/account/api/update-account-settings';
import { AccountLogo } from '../../../features/account/components/account-logo';
import { AccountsOverview } from '../../../features/account/components/accounts-overview';
import { AccountSettingsForm } from '../../../features/account/forms/account-settings-form';
import {
  accountSettingsValuesOf,
  emptyAccountSettingsValues,
  toAccountSettingsRequest,
  type AccountSettingsFormValues,
} from '../../../features/account/forms/account-settings-form.values';
import { errorMessageOf } from '../../../lib/api-client';
import { useRequiredSession } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/page-title';
import { ADMIN_ACCOUNTS_OVERVIEW_PATH, ADMIN_ACCOUNT_SETTINGS_PATH, ADMIN_NEW_ACCOUNT_PATH } from '../../route-paths';
import { NO_ACCESS_MESSAGE } from './menu-area';

function Loading({ label }: { label: string }) {
  return (
    <Center py="xl">
      <Loader aria-label={label} />
    </Center>
  );
}

function LoadFailure({ error }: { error: unknown }) {
  return (
    <Alert color="red" variant="light" title="Could not load the account's settings">
      {errorMessageOf(error)}
    </Alert>
  );
}

/** The form of the account the signed-in staff member works in. */
function SettingsOfCurrentAccount() {
  const current = useCurrentAccount();
  const accountId = current.data?.account.id ?? null;
  const settings = useAccountSettings(accountId);
  const updateSettings = useUpdateAccountSettings();
  if (current.error || settings.error) return <LoadFailure error={current.error ?? settings.error} />;
  if (!settings.data) return <Loading label="Loading the account's settings" />;
  const saved = settings.data;

  const handleSubmit = async (values: AccountSettingsFormValues) => {
    const result = await updateSettings.mutateAsync({ id: saved.id, request: toAccountSettingsRequest(values) });
    notifications.show({ color: 'green', title: 'Account settings saved', message: `${result.name}'s settings are saved.` });
  };

  return (
    <Stack gap="lg">
      <AccountLogo settings={saved} />
      <Divider />
      <AccountSettingsForm
        // A saved form starts again from what the server kept (the secrets empty, their "kept" hints shown).
        key={`${saved.id}-${saved.modifiedOn}`}
        mode="edit"
        initialValues={accountSettingsValuesOf(saved)}
        kept={{ hasStripeSecretKey: saved.hasStripeSecretKey, hasStripeWebhookSecret: saved.hasStripeWebhookSecret }}
        followsEnvironment={saved.followsEnvironment}
        onSubmit={handleSubmit}
      />
    </Stack>
  );
}

/** Account settings (issue 40): the awarding body's identity, tax numbers, invoices, mail and payment gateway. */
export function AdminAccountSettingsRoute() {
  const { user } = useRequiredSession();
  const current = useCurrentAccount();
  usePageTitle('Account settings');
  if (!canManageAccountSettings(user)) return <NotAvailable title="Account settings" message={NO_ACCESS_MESSAGE} />;
  return (
    <Stack gap="lg" maw={960}>
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>Account settings</Title>
          <Text c="dimmed">
            {current.data ? `${current.data.account.name}: ` : ''}the awarding body's identity, logo, tax numbers, invoices, mail and payment gateway.
          </Text>
        </Stack>
        {isPlatformSuperUser(user) && (
          <Group gap="sm">
            <Button component={Link} to={ADMIN_ACCOUNTS_OVERVIEW_PATH} variant="default">
              Accounts overview
            </Button>
            <Button component={Link} to={ADMIN_NEW_ACCOUNT_PATH} variant="default">
              New account
            </Button>
          </Group>
        )}
      </Group>
      <Paper withBorder radius="md" p="lg">
        <SettingsOfCurrentAccount />
      </Paper>
    </Stack>
  );
}

/** A new account (awarding body), for the platform's super users; they switch into it from the header. */
export function AdminNewAccountRoute() {
  const { user } = useRequiredSession();
  const navigate = useNavigate();
  const createAccount = useCreateAccount();
  usePageTitle('New account');
  if (!isPlatformSuperUser(user)) return <NotAvailable title="New account" message={NO_ACCESS_MESSAGE} />;

  const handleSubmit = async (values: AccountSettingsFormValues) => {
    const created = await createAccount.mutateAsync(toAccountSettingsRequest(values));
    notifications.show({
      color: 'green',
      title: 'Account created',
      message: `${created.name} is on the platform. Choose it under Account in the header to work in it.`,
    });
    void navigate(ADMIN_ACCOUNT_SETTINGS_PATH);
  };

  return (
    <Stack gap="lg" maw={960}>
      <Breadcrumbs>
        <Anchor component={Link} to={ADMIN_ACCOUNT_SETTINGS_PATH}>
          Account settings
        </Anchor>
        <Text>New account</Text>
      </Breadcrumbs>
      <Stack gap={4}>
        <Title order={1}>New account</Title>
        <Text c="dimmed">Another awarding body on the platform, with programs, staff and invoices of its own.</Text>
      </Stack>
      <Paper withBorder radius="md" p="lg">
        <AccountSettingsForm mode="create" initialValues={emptyAccountSettingsValues()} onSubmit={handleSubmit} onCancel={() => void navigate(ADMIN_ACCOUNT_SETTINGS_PATH)} />
      </Paper>
    </Stack>
  );
}

/** Accounts overview (issue 40): every account's programs, staff, open applications, current awards and the mail outbox; super users only. */
export function AdminAccountsOverviewRoute() {
  const { user } = useRequiredSession();
  const isSuper = isPlatformSuperUser(user);
  // Nobody else may read it (the server refuses them too): not even asked for.
  const overview = useAccountsOverview({ enabled: isSuper });
  usePageTitle('Accounts overview');
  if (!isSuper) return <NotAvailable title="Accounts overview" message={NO_ACCESS_MESSAGE} />;
  return (
    <Stack gap="lg" maw={1100}>
      <Breadcrumbs>
        <Anchor component={Link} to={ADMIN_ACCOUNT_SETTINGS_PATH}>
          Account settings
        </Anchor>
        <Text>Accounts overview</Text>
      </Breadcrumbs>
      <Stack gap={4}>
        <Title order={1}>Accounts overview</Title>
        <Text c="dimmed">The awarding bodies on the platform: what each holds now, and the mails waiting to be sent.</Text>
      </Stack>
      {overview.error ? (
        <Alert color="red" variant="light" title="Could not load the overview">
          {errorMessageOf(overview.error)}
        </Alert>
      ) : overview.data ? (
        <AccountsOverview overview={overview.data} />
      ) : (
        <Loading label="Loading the accounts overview" />
      )}
    </Stack>
  );
}
