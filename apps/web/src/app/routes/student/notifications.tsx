import { Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useInbox } from '../../../features/mail/api/find-inbox';
import { InboxTable, type InboxRow } from '../../../features/mail/components/inbox-table';
import { MailDrawer } from '../../../features/mail/components/mail-drawer';
import { usePageTitle } from '../../../lib/page-title';
import { usePaging } from '../../../lib/use-paging';
import { pagedTableProps } from '../../../lib/paged-table-props';
// Also exported here for the modules that import it from the page (its home is route-paths.ts).
export { STUDENT_NOTIFICATIONS_PATH } from '../../route-paths';


/** Every mail the platform sent the applicant (spec section 7: applicantinbox/email/pagination). */
export function StudentNotificationsRoute() {
  usePageTitle('Notifications');
  const paging = usePaging();
  const { page, pageSize } = paging;
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
          {...pagedTableProps(inbox, paging)}
          onOpen={setOpen}
        />
      </Paper>
      <MailDrawer mail={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
