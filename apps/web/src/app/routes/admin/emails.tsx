import { Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { MAIL_STATUSES, type Mail } from '@certs/shared/mail/mail.contract';
import { NotAvailable } from '../../../components/ui/not-available';
import { ExportButton } from '../../../components/ui/export-button';
import { findMails, useMails } from '../../../features/mail/api/find-mails';
import { MailDrawer } from '../../../features/mail/components/mail-drawer';
import { MAIL_STATUS_LABELS } from '../../../features/mail/components/mail-status-badge';
import { MAIL_CSV_COLUMNS, MailsTable } from '../../../features/mail/components/mails-table';
import { csvFileName, pagesOf } from '../../../lib/export-csv';
import { useRequiredSession } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/page-title';
import { useDebouncedSearch, usePaging } from '../../../lib/use-paging';
import { pagedTableProps } from '../../../lib/paged-table-props';
import { NO_ACCESS_MESSAGE } from './menu-area';
import { SearchInput } from '../../../components/ui/search-input';

const STATUS_OPTIONS = [{ value: '', label: 'All statuses' }, ...MAIL_STATUSES.map((status) => ({ value: status, label: MAIL_STATUS_LABELS[status] }))];

function EmailsScreen() {
  const paging = usePaging();
  const { page, pageSize, resetPage } = paging;
  const search = useDebouncedSearch(resetPage);
  const [status, setStatus] = useState('');
  const [open, setOpen] = useState<Mail | null>(null);
  const filter = { search: search.term, status };
  const list = useMails({ page, pageSize, ...filter });

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Emails</Title>
        <Text c="dimmed">Every mail the platform has kept or sent, with its links. Without a mail server, mail is kept here only.</Text>
      </Stack>
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <Group gap="md" align="flex-end" wrap="wrap">
            <SearchInput search={search} placeholder="Recipient or subject" w={320} />
            <NativeSelect
              label="Status"
              w={180}
              data={STATUS_OPTIONS}
              value={status}
              onChange={(event) => {
                setStatus(event.currentTarget.value);
                resetPage();
              }}
            />
            <ExportButton table="Emails" fileName={csvFileName('emails', status)} source={{ kind: 'pages', columns: MAIL_CSV_COLUMNS, fetchPage: pagesOf(findMails, filter) }} />
          </Group>
          <MailsTable
            {...pagedTableProps(list, paging)}
            onOpen={setOpen}
          />
        </Stack>
      </Paper>
      <MailDrawer mail={open} isStaffView onClose={() => setOpen(null)} />
    </Stack>
  );
}

/** Emails (admin menu): recipient, subject, status and created, with each mail's body and links. */
export function AdminEmailsRoute() {
  const { user } = useRequiredSession();
  usePageTitle('Emails');
  if (!user.menuItems.includes('Emails')) return <NotAvailable title="Emails" message={NO_ACCESS_MESSAGE} />;
  return <EmailsScreen />;
}
