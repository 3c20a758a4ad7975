import { UnstyledButton, Text } from '@mantine/core';
import type { InboxPage } from '@certs/shared/mail/mail.contract';
import { DateDisplay } from '../../../components/ui/date-display';
import { PagedTable, type PagedTableColumn } from '../../../components/ui/paged-table';
import { mailPreviewOf } from '../model/mail-preview';

export type InboxRow = InboxPage['rows'][number];

interface InboxTableProps {
  rows: readonly InboxRow[];
  page: number;
  pageSize: number;
  totalRows: number;
  isLoading: boolean;
  error: string | null;
  onOpen: (mail: InboxRow) => void;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

/** The applicant's notifications: subject, the awarding body that sent it, the start of the text past the greeting, and when it came. */
export function InboxTable({ onOpen, ...paging }: InboxTableProps) {
  const columns: PagedTableColumn<InboxRow>[] = [
    {
      key: 'subject',
      header: 'Subject',
      isRowHeader: true,
      render: (mail) => (
        <UnstyledButton onClick={() => onOpen(mail)} aria-label={`Read ${mail.subject}`} style={{ display: 'block' }}>
          <Text size="sm" fw={600} c="indigo.8">
            {mail.subject}
          </Text>
          {mail.fromName && (
            <Text size="xs" c="dimmed" data-testid="mail-sender">
              From {mail.fromName}
            </Text>
          )}
          <Text size="xs" c="dimmed" lineClamp={1} data-testid="mail-preview">
            {mailPreviewOf(mail.text)}
          </Text>
        </UnstyledButton>
      ),
    },
    { key: 'received', header: 'Received', noWrap: true, render: (mail) => <DateDisplay value={mail.createdOn} withTime /> },
  ];
  return <PagedTable label="Notifications" testId="inbox-table" columns={columns} rowKey={(mail) => mail.id} emptyText="No notifications yet." {...paging} />;
}
