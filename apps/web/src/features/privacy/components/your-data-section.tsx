import { Alert, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { DeletionRequestBody, REASON_MAX } from '@certs/shared/privacy/privacy.contract';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ApiError, errorMessageOf } from '../../../lib/api-client';
import { exportMyData } from '../api/export-my-data';
import { useRequestDeletion } from '../api/request-deletion';

/** The reason's message from the shared contract, or null while it is within the limit. */
function reasonErrorOf(reason: string): string | null {
  const parsed = DeletionRequestBody.safeParse({ reason });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}

/**
 * "Your data" on the applicant's profile (decision 016): download everything held about them as
 * one zip, and ask for their personal data to be deleted (staff complete the request).
 */
export function YourDataSection() {
  const [isDownloading, setIsDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [isAsking, setIsAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [requestedOn, setRequestedOn] = useState<string | null>(null);
  const requestDeletion = useRequestDeletion();
  const reasonError = reasonErrorOf(reason);

  const download = async () => {
    setIsDownloading(true);
    setDownloadError(null);
    try {
      await exportMyData();
    } catch (error) {
      setDownloadError(errorMessageOf(error));
    } finally {
      setIsDownloading(false);
    }
  };

  const confirmDeletion = async () => {
    if (reasonError) throw new ApiError(400, reasonError);
    const trimmed = reason.trim();
    const saved = await requestDeletion.mutateAsync(trimmed ? { reason: trimmed } : {});
    setRequestedOn(saved.requestedOn);
    setReason('');
    notifications.show({ color: 'green', title: 'Request received', message: 'Staff will delete your personal data and let you know.' });
  };

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="your-data-heading" data-testid="your-data">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} size="h4" id="your-data-heading">
            Your data
          </Title>
          <Text size="sm" c="dimmed">
            Download everything we hold about you, or ask us to delete your personal data. Applications, awards, invoices and payments are kept without your
            name, as the law and the public register require.
          </Text>
        </Stack>
        {downloadError && (
          <Alert color="red" variant="light" title="Your data could not be downloaded">
            {downloadError}
          </Alert>
        )}
        {requestedOn ? (
          <Alert color="green" variant="light" title="Request received" data-testid="deletion-requested">
            We have received your request to delete your account. Staff will check that nothing prevents it and then complete it; you will no longer be able
            to sign in.
          </Alert>
        ) : null}
        <Group gap="sm">
          <Button variant="default" onClick={() => void download()} loading={isDownloading}>
            Download my data
          </Button>
          {!requestedOn && (
            <Button color="red" variant="light" onClick={() => setIsAsking(true)}>
              Ask to delete my account
            </Button>
          )}
        </Group>
      </Stack>
      <ConfirmDialog
        opened={isAsking}
        title="Ask to delete your account"
        confirmLabel="Send request"
        confirmColor="red"
        failureTitle="Your request was not sent"
        onConfirm={confirmDeletion}
        onClose={() => setIsAsking(false)}
      >
        <Text size="sm">
          Staff will delete your personal details, profile and uploaded files, and you will no longer be able to sign in. Download your data first if you
          want a copy.
        </Text>
        <Textarea
          label="Reason (optional)"
          description={`At most ${REASON_MAX} characters.`}
          autosize
          minRows={3}
          value={reason}
          error={reasonError}
          onChange={(event) => setReason(event.currentTarget.value)}
        />
      </ConfirmDialog>
    </Paper>
  );
}
