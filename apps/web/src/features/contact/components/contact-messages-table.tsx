import { Anchor, Button, Text } from '@mantine/core';
import { StatusBadge } from '../../../components/ui/status-badge';
import { DateDisplay } from '../../../components/ui/date-display';
import { PagedTable, type PagedTableColumn } from '../../../components/ui/paged-table';
import type { CsvColumn } from '../../../lib/export-csv';
import type { ContactMessagePage } from '../api/find-contact-messages';

type ContactMessageRow = ContactMessagePage['rows'][number];

/** The contact messages table as a file, with when each was handled. */
export const CONTACT_MESSAGE_CSV_COLUMNS: readonly CsvColumn<ContactMessageRow>[] = [
  { header: 'Name', value: (row) => row.name },
  { header: 'Email', value: (row) => row.email },
  { header: 'Phone Number', value: (row) => row.phoneNumber },
  { header: 'Message', value: (row) => row.message },
  { header: 'Received', value: (row, dates) => dates.dateTime(row.createdOn) },
  { header: 'Status', value: (row) => (row.handledOn ? 'Handled' : 'Waiting') },
  { header: 'Handled', value: (row, dates) => dates.dateTime(row.handledOn) },
];

interface ContactMessagesTableProps {
  rows: readonly ContactMessageRow[];
  page: number;
  pageSize: number;
  totalRows: number;
  isLoading: boolean;
  error: string | null;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  /** Opens a message to read, reply and mark handled. */
  onOpen?: (row: ContactMessageRow) => void;
}

/** Contact messages for staff: who, how to reach them, what they said, and when. */
export function ContactMessagesTable({ onOpen, ...props }: ContactMessagesTableProps) {
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
    { key: 'status', header: 'Status', noWrap: true, render: (row) => (row.handledOn ? <StatusBadge color="green" label="Handled" /> : <StatusBadge color="yellow" label="Waiting" />) },
    ...(onOpen
      ? [
          {
            key: 'actions',
            header: 'Actions',
            align: 'right' as const,
            render: (row: ContactMessageRow) => (
              <Button size="xs" variant="light" onClick={() => onOpen(row)} aria-label={`Open the message from ${row.name}`}>
                Open
              </Button>
            ),
          },
        ]
      : []),
  ];
  return <PagedTable label="Contact messages" testId="contact-messages-table" columns={columns} rowKey={(row) => row.id} emptyText="No messages." {...props} />;
}
