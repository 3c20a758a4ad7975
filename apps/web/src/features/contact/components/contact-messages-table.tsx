import { Anchor, Text } from '@mantine/core';
import { DateDisplay } from '../../../components/ui/date-display';
import { PagedTable, type PagedTableColumn } from '../../../components/ui/paged-table';
import type { ContactMessagePage } from '../api/find-contact-messages';

type ContactMessageRow = ContactMessagePage['rows'][number];

interface ContactMessagesTableProps {
  rows: readonly ContactMessageRow[];
  page: number;
  pageSize: number;
  totalRows: number;
  isLoading: boolean;
  error: string | null;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

/** Contact messages for staff: who, how to reach them, what they said, and when. */
export function ContactMessagesTable(props: ContactMessagesTableProps) {
  const columns: PagedTableColumn<ContactMessageRow>[] = [
    { key: 'name', header: 'Name', isRowHeader: true, render: (row) => row.name },
    {
      key: 'email',
      header: 'Email',
      render: (row) => (
        <Anchor href={`mailto:${row.email}`} size="sm">
          {row.email}
        </Anchor>
      ),
    },
    { key: 'phone', header: 'Phone Number', noWrap: true, render: (row) => row.phoneNumber },
    {
      key: 'message',
      header: 'Message',
      render: (row) => (
        <Text size="sm" style={{ whiteSpace: 'pre-line' }} maw={480}>
          {row.message}
        </Text>
      ),
    },
    { key: 'received', header: 'Received', noWrap: true, render: (row) => <DateDisplay value={row.createdOn} withTime /> },
  ];
  return <PagedTable label="Contact messages" testId="contact-messages-table" columns={columns} rowKey={(row) => row.id} emptyText="No messages." {...props} />;
}
