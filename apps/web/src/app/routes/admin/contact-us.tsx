import { Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '@certs/shared/common/paging';
import { NotAvailable } from '../../../components/ui/not-available';
import { useContactMessages } from '../../../features/contact/api/find-contact-messages';
import { ContactMessagesTable } from '../../../features/contact/components/contact-messages-table';
import { errorMessageOf } from '../../../lib/api-client';
import { useRequiredSession } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/page-title';
import { NO_ACCESS_MESSAGE } from './menu-area';

const SEARCH_DELAY_MS = 300;

function ContactUsScreen() {
  const [page, setPage] = useState(DEFAULT_PAGE);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText, SEARCH_DELAY_MS);
  const list = useContactMessages({ page, pageSize, search });
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Contact Us</Title>
        <Text c="dimmed">Messages applicants sent through Contact us, newest first.</Text>
      </Stack>
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <TextInput
            label="Search"
            placeholder="Name, email or message"
            type="search"
            maw={360}
            value={searchText}
            onChange={(event) => {
              setSearchText(event.currentTarget.value);
              setPage(DEFAULT_PAGE);
            }}
          />
          <ContactMessagesTable
            rows={list.data?.rows ?? []}
            page={page}
            pageSize={pageSize}
            totalRows={list.data?.totalRows ?? 0}
            isLoading={list.isFetching}
            error={list.error ? errorMessageOf(list.error) : null}
            onPageChange={setPage}
            onPageSizeChange={(size) => {
              setPageSize(size);
              setPage(DEFAULT_PAGE);
            }}
          />
        </Stack>
      </Paper>
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
