import { Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { FormDialog } from '../../../components/ui/form-dialog';
import { ContactMessagePanel } from '../../../features/contact/components/contact-message-panel';
import { NotAvailable } from '../../../components/ui/not-available';
import { ExportButton } from '../../../components/ui/export-button';
import { findContactMessages, useContactMessages } from '../../../features/contact/api/find-contact-messages';
import { CONTACT_MESSAGE_CSV_COLUMNS, ContactMessagesTable } from '../../../features/contact/components/contact-messages-table';
import { csvFileName, pagesOf } from '../../../lib/export-csv';
import { useRequiredSession } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/page-title';
import { useDebouncedSearch, usePaging } from '../../../lib/use-paging';
import { pagedTableProps } from '../../../lib/paged-table-props';
import { NO_ACCESS_MESSAGE } from './menu-area';
import { SearchInput } from '../../../components/ui/search-input';

function ContactUsScreen() {
  const paging = usePaging();
  const { page, pageSize, resetPage } = paging;
  const search = useDebouncedSearch(resetPage);
  const [handled, setHandled] = useState<'false' | 'true' | 'all'>('false');
  const [openId, setOpenId] = useState<string | null>(null);
  const filter = { search: search.term, handled: handled === 'all' ? undefined : handled };
  const list = useContactMessages({ page, pageSize, ...filter });
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Contact Us</Title>
        <Text c="dimmed">Messages applicants sent through Contact us, newest first. Open one to reply by email and mark it handled.</Text>
      </Stack>
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <Group gap="lg" align="flex-end" wrap="wrap">
            <SearchInput search={search} placeholder="Name, email or message" maw={360} />
            <SegmentedControl
              aria-label="Show messages"
              value={handled}
              onChange={(value) => {
                setHandled(value as typeof handled);
                resetPage();
              }}
              data={[
                { value: 'false', label: 'Waiting' },
                { value: 'true', label: 'Handled' },
                { value: 'all', label: 'All' },
              ]}
            />
            <ExportButton
              table="Contact messages"
              fileName={csvFileName('contact-messages', { false: 'waiting', true: 'handled', all: '' }[handled])}
              source={{ kind: 'pages', columns: CONTACT_MESSAGE_CSV_COLUMNS, fetchPage: pagesOf(findContactMessages, filter) }}
            />
          </Group>
          <ContactMessagesTable
            {...pagedTableProps(list, paging)}
            onOpen={(row) => setOpenId(row.id)}
          />
        </Stack>
      </Paper>
      <FormDialog opened={openId !== null} title="Contact message" onClose={() => setOpenId(null)}>
        {openId && <ContactMessagePanel id={openId} />}
      </FormDialog>
    </Stack>
  );
}

/** Contact Us (admin menu): the messages sent through the applicants' contact form. */
export function AdminContactUsRoute() {
  const { user } = useRequiredSession();
  usePageTitle('Contact Us');
  if (!user.menuItems.includes('Contact Us')) return <NotAvailable title="Contact Us" message={NO_ACCESS_MESSAGE} />;
  return <ContactUsScreen />;
}
