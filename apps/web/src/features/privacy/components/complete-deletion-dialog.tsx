import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { DeletionRequest } from '@certs/shared/privacy/privacy.contract';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useCompleteDeletionRequest } from '../api/deletion-requests';

interface CompleteDeletionDialogProps {
  request: DeletionRequest | null;
  onClose: () => void;
}

/** Asks before completing a deletion request: the applicant is anonymised and cannot sign in again. */
export function CompleteDeletionDialog({ request, onClose }: CompleteDeletionDialogProps) {
  const complete = useCompleteDeletionRequest();
  const confirm = async () => {
    if (!request) return;
    await complete.mutateAsync(request.id);
    notifications.show({ color: 'green', title: 'Deletion request completed', message: `${request.applicantName}'s personal data has been deleted.` });
  };
  return (
    <ConfirmDialog
      opened={request !== null}
      title="Complete deletion request"
      confirmLabel="Complete"
      confirmColor="red"
      failureTitle="The request was not completed"
      onConfirm={confirm}
      onClose={onClose}
    >
      <Text size="sm">
        Delete the personal data of <strong>{request?.applicantName}</strong> ({request?.applicantEmail})? Their name, contact details, profile and
        uploaded files are removed and they can no longer sign in. Application numbers, awards, invoices and payments are kept without their name.
      </Text>
      <Text size="sm">Check first that nothing prevents it: an exam in progress, an unpaid invoice or a dispute. This cannot be undone.</Text>
    </ConfirmDialog>
  );
}
