import { Alert, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { Attachment } from '@certs/shared/attachment/attachment.contract';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useMyAttachments } from '../../../features/attachment/api/find-my-attachments';
import { useRemoveAttachment } from '../../../features/attachment/api/remove-attachment';
import { AttachmentsTable } from '../../../features/attachment/components/attachments-table';
import { DocumentUpload } from '../../../features/attachment/components/document-upload';
import { errorMessageOf } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
// Also exported here for the modules that import it from the page (its home is route-paths.ts).
export { STUDENT_DOCUMENTS_PATH } from '../../route-paths';


/** The applicant's documents: upload with progress, the list, and a way to view or remove each. */
export function StudentDocumentsRoute() {
  usePageTitle('Documents');
  const documents = useMyAttachments();
  const remove = useRemoveAttachment();
  const [removing, setRemoving] = useState<Attachment | null>(null);
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Documents</Title>
        <Text c="dimmed">Certificates, transcripts and other evidence you can attach to your applications.</Text>
      </Stack>
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="upload-heading">
        <Title order={2} size="h4" id="upload-heading" mb="sm">
          Upload
        </Title>
        <DocumentUpload />
      </Paper>
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="documents-heading">
        <Title order={2} size="h4" id="documents-heading" mb="sm">
          Your documents
        </Title>
        {documents.isPending && (
          <Center py="md">
            <Loader size="sm" aria-label="Loading your documents" />
          </Center>
        )}
        {documents.error && (
          <Alert color="red" variant="light" title="Could not load your documents">
            {errorMessageOf(documents.error)}
          </Alert>
        )}
        {documents.data && <AttachmentsTable attachments={documents.data} onRemove={setRemoving} />}
      </Paper>
      <ConfirmDialog
        opened={removing !== null}
        title="Remove document"
        confirmLabel="Remove"
        confirmColor="red"
        failureTitle="The document was not removed"
        onConfirm={async () => {
          if (!removing) return;
          await remove.mutateAsync(removing.id);
          notifications.show({ color: 'teal', message: `${removing.name} was removed` });
        }}
        onClose={() => setRemoving(null)}
      >
        <Text>
          Remove {removing?.name}? It is deleted for good and taken out of any application you have not submitted yet. A document that a submitted application uses
          cannot be removed.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
