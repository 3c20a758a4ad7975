import { Anchor } from '@mantine/core';
import type { Mail } from '@certs/shared/mail/mail.contract';
import { DateDisplay } from '../../../components/ui/date-display';
import { PagedTable, type PagedTableColumn } from '../../../components/ui/paged-table';
import type { CsvColumn } from '../../../lib/export-csv';
import { MAIL_STATUS_LABELS, MailStatusBadge } from './mail-status-badge';

/** The emails table as a file: who, what, where it stands and when. */
export const MAIL_CSV_COLUMNS: readonly CsvColumn<Mail>[] = [
  { header: 'Recipient', value: (mail) => mail.toEmail },
  { header: 'Subject', value: (mail) => mail.subject },
  { header: 'Status', value: (mail) => MAIL_STATUS_LABELS[mail.status] },
  { header: 'Created', value: (mail, dates) => dates.dateTime(mail.createdOn) },
  { header: 'Sent', value: (mail, dates) => dates.dateTime(mail.sentOn) },
  { header: 'Attempts', value: (mail) => mail.attempts },
  { header: 'Last Error', value: (mail) => mail.lastError },
];

interface MailsTableProps {
  rows: readonly Mail[];
  page: number;
  pageSize: number;
  totalRows: number;
  isLoading: boolean;
  error: string | null;
  onOpen: (mail: Mail) => void;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

/** Every mail the platform kept or sent: Recipient, Subject, Status, Created. */
export function MailsTable({ onOpen, ...paging }: MailsTableProps) {
  const columns: PagedTableColumn<Mail>[] = [
    { key: 'to', header: 'Recipient', render: (mail) => mail.toEmail },
    {
      key: 'subject',
      header: 'Subject',
      isRowHeader: true,
      render: (mail) => (
        <Anchor component="button" type="button" onClick={() => onOpen(mail)} fw={600} ta="left" size="sm">
          {mail.subject}
        </Anchor>
      ),
    },
    { key: 'status', header: 'Status', noWrap: true, render: (mail) => <MailStatusBadge status={mail.status} /> },
    { key: 'created', header: 'Created', noWrap: true, render: (mail) => <DateDisplay value={mail.createdOn} withTime /> },
  ];
  return <PagedTable label="Emails" testId="mails-table" columns={columns} rowKey={(mail) => mail.id} emptyText="No mail matches." {...paging} />;
}
