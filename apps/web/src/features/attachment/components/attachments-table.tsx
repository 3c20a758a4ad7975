import { Button, Group, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ALLOWED_DOCUMENT_TYPES, type Attachment } from '@certs/shared/attachment/attachment.contract';
import { DateDisplay } from '../../../components/ui/date-display';
import { errorMessageOf } from '../../../lib/api-client';
import { openAttachment } from '../api/find-download-url';
import { FileName } from './file-name';
import { formatFileSize } from './file-size';

export function typeLabelOf(contentType: string): string {
  return ALLOWED_DOCUMENT_TYPES[contentType as keyof typeof ALLOWED_DOCUMENT_TYPES] ?? contentType;
}

export function viewAttachment(attachment: Attachment): void {
  openAttachment(attachment.resourceKey).catch((error: unknown) =>
    notifications.show({ color: 'red', title: 'Could not open the document', message: errorMessageOf(error) }),
  );
}

/** The applicant's documents: name (shortened), type, size, uploaded, and a way to view (and remove) each. */
export function AttachmentsTable({ attachments, onRemove }: { attachments: readonly Attachment[]; onRemove?: (attachment: Attachment) => void }) {
  if (attachments.length === 0) return <Text c="dimmed">No documents yet. Upload certificates, transcripts or evidence of experience here.</Text>;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="sm" striped highlightOnHover aria-label="Documents" data-testid="documents-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Name</Table.Th>
            <Table.Th scope="col">Type</Table.Th>
            <Table.Th scope="col" ta="right">
              Size
            </Table.Th>
            <Table.Th scope="col">Uploaded</Table.Th>
            <Table.Th scope="col" ta="right">
              Actions
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {attachments.map((attachment) => (
            <Table.Tr key={attachment.id}>
              <Table.Th scope="row" fw={500}>
                <FileName name={attachment.name} fw={500} />
              </Table.Th>
              <Table.Td>{typeLabelOf(attachment.contentType)}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatFileSize(attachment.size)}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <DateDisplay value={attachment.createdOn} withTime />
              </Table.Td>
              <Table.Td ta="right">
                <Group gap="xs" justify="flex-end" wrap="nowrap">
                  <Button size="xs" variant="light" onClick={() => viewAttachment(attachment)} aria-label={`View ${attachment.name}`}>
                    View
                  </Button>
                  {onRemove && (
                    <Button size="xs" variant="subtle" color="red" onClick={() => onRemove(attachment)} aria-label={`Remove ${attachment.name}`}>
                      Remove
                    </Button>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
