import { Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '@certs/shared/common/paging';
import { useInbox } from '../../../features/mail/api/find-inbox';
import { InboxTable, type InboxRow } from '../../../features/mail/components/inbox-table';
import { MailDrawer } from '../../../features/mail/components/mail-drawer';
import { errorMessageOf } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';

export const STUDENT_NOTIFICATIONS_PATH = '/student/notifications';

/** Every mail the platform sent the applicant (spec section 7: applicantinbox/email/pagination). */
export function StudentNotificationsRoute() {
  usePageTitle('Notifications');
  const [page, setPage] = useState(DEFAULT_PAGE);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [open, setOpen] = useState<InboxRow | null>(null);
  const inbox = useInbox({ page, pageSize });
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Notifications</Title>
        <Text c="dimmed">Every message we have sent you, newest first.</Text>
      </Stack>
      <Paper withBorder radius="md" p="lg">
        <InboxTable
          rows={inbox.data?.rows ?? []}
          page={page}
          pageSize={pageSize}
          totalRows={inbox.data?.totalRows ?? 0}
          isLoading={inbox.isFetching}
          error={inbox.error ? errorMessageOf(inbox.error) : null}
          onOpen={setOpen}
          onPageChange={setPage}
          onPageSizeChange={(size) => {
            setPageSize(size);
            setPage(DEFAULT_PAGE);
          }}
        />
      </Paper>
      <MailDrawer mail={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
