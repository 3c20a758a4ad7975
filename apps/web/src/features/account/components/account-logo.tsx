import { Button, FileButton, Group, Image, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ACCOUNT_LOGO_MAX_BYTES, ACCOUNT_LOGO_TYPES, ACCOUNT_MESSAGES, type AccountSettings } from '@certs/shared/account/account.contract';
import { errorMessageOf } from '../../../lib/api-client';
import { uploadFile } from '../../../lib/upload';
import { useChangeAccountLogo } from '../api/account-logo';

/** Why a chosen file cannot be the logo, before anything is sent (the server checks its bytes again). */
export function logoFileRefusal(file: File): string | null {
  if (!(ACCOUNT_LOGO_TYPES as readonly string[]).includes(file.type)) return ACCOUNT_MESSAGES.logoType;
  if (file.size > ACCOUNT_LOGO_MAX_BYTES) return ACCOUNT_MESSAGES.logoTooLarge;
  return null;
}

/**
 * The awarding body's logo (issue 40): a preview of the one kept, upload (or replace) and remove.
 * Uploading sends the file the usual way, then makes it the logo at once.
 */
export function AccountLogo({ settings }: { settings: AccountSettings }) {
  const changeLogo = useChangeAccountLogo(settings.id);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const upload = async (file: File | null) => {
    if (!file) return;
    setError(null);
    const refusal = logoFileRefusal(file);
    if (refusal) {
      setError(refusal);
      return;
    }
    setUploading(true);
    try {
      const saved = await uploadFile(file);
      await changeLogo.mutateAsync(saved.id);
      notifications.show({ color: 'green', title: 'Logo saved', message: `${settings.name}'s certificates, invoices and verification page now show it.` });
    } catch (caught) {
      setError(errorMessageOf(caught));
    } finally {
      setUploading(false);
    }
  };

  const remove = async () => {
    setError(null);
    try {
      await changeLogo.mutateAsync(null);
      notifications.show({ color: 'green', title: 'Logo removed', message: `${settings.name} has no logo now.` });
    } catch (caught) {
      setError(errorMessageOf(caught));
    }
  };

  return (
    <Stack gap="xs" component="section" aria-labelledby="account-logo-heading">
      <Title order={2} size="h4" id="account-logo-heading">
        Logo
      </Title>
      <Text size="sm" c="dimmed">
        Printed at the top of certificates and invoices, and shown beside the body's name on the verification page. PNG or JPEG, at most 1 MB.
      </Text>
      <Group gap="md" align="center">
        {settings.logoUrl ? (
          <Image src={settings.logoUrl} alt={`${settings.name} logo`} h={64} w="auto" maw={240} fit="contain" />
        ) : (
          <Text size="sm" data-testid="no-logo">
            No logo
          </Text>
        )}
        <FileButton accept={ACCOUNT_LOGO_TYPES.join(',')} onChange={(file) => void upload(file)}>
          {(props) => (
            <Button {...props} variant="default" size="sm" loading={uploading}>
              {settings.logoUrl ? 'Replace logo' : 'Upload logo'}
            </Button>
          )}
        </FileButton>
        {settings.logoUrl && (
          <Button variant="subtle" color="red" size="sm" onClick={() => void remove()} loading={changeLogo.isPending && !uploading}>
            Remove logo
          </Button>
        )}
      </Group>
      {error && (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
