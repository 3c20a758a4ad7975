import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ALLOWED_DOCUMENT_TYPES, type Attachment } from '@certs/shared/attachment/attachment.contract';
import { DataTable } from '../../../components/ui/data-table';
import { DateDisplay } from '../../../components/ui/date-display';
import type { PagedTableColumn } from '../../../components/ui/paged-table';
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

/**
 * The applicant's documents: name (shortened), type, size, uploaded, and a way to view (and remove)
 * each; below the md breakpoint one card per document, View and Remove at hand.
 */
export function AttachmentsTable({ attachments, onRemove }: { attachments: readonly Attachment[]; onRemove?: (attachment: Attachment) => void }) {
  if (attachments.length === 0) return <Text c="dimmed">No documents yet. Upload certificates, transcripts or evidence of experience here.</Text>;
  const columns: PagedTableColumn<Attachment>[] = [
    { key: 'name', header: 'Name', isRowHeader: true, render: (attachment) => <FileName name={attachment.name} fw={500} /> },
    { key: 'type', header: 'Type', render: (attachment) => typeLabelOf(attachment.contentType) },
    { key: 'size', header: 'Size', align: 'right', noWrap: true, render: (attachment) => formatFileSize(attachment.size) },
    { key: 'uploaded', header: 'Uploaded', noWrap: true, render: (attachment) => <DateDisplay value={attachment.createdOn} withTime /> },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      isAction: true,
      render: (attachment) => (
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
      ),
    },
  ];
  return <DataTable label="Documents" columns={columns} rows={attachments} rowKey={(attachment) => attachment.id} minWidth={560} testId="documents-table" striped />;
}
