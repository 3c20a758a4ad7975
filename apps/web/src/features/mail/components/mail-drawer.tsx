import { Drawer, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Mail } from '@certs/shared/mail/mail.contract';
import { DateDisplay } from '../../../components/ui/date-display';
import { MailBody } from './mail-body';
import { MailStatusBadge } from './mail-status-badge';

type DrawerMail = Pick<Mail, 'id' | 'subject' | 'text' | 'links' | 'createdOn'> & Partial<Mail>;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

/** One mail in full: for staff with its recipient, status and tries; for the applicant, what was said. */
export function MailDrawer({ mail, onClose, isStaffView = false }: { mail: DrawerMail | null; onClose: () => void; isStaffView?: boolean }) {
  return (
    <Drawer opened={mail !== null} onClose={onClose} position="right" size="lg" title={<Title order={2} size="h4">{mail?.subject ?? 'Mail'}</Title>} closeButtonProps={{ 'aria-label': 'Close' }}>
      {mail && (
        <Stack gap="lg" data-testid="mail-drawer">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            {isStaffView && <Fact label="To">{mail.toEmail}</Fact>}
            <Fact label={isStaffView ? 'Created' : 'Received'}>
              <DateDisplay value={mail.createdOn} withTime />
            </Fact>
            {isStaffView && mail.status && (
              <Fact label="Status">
                <Group gap="xs">
                  <MailStatusBadge status={mail.status} />
                  {mail.attempts !== undefined && mail.attempts > 0 && (
                    <Text size="xs" c="dimmed">
                      {mail.attempts === 1 ? '1 attempt' : `${mail.attempts} attempts`}
                    </Text>
                  )}
                </Group>
              </Fact>
            )}
            {isStaffView && (
              <Fact label="Sent">
                <DateDisplay value={mail.sentOn} withTime />
              </Fact>
            )}
          </SimpleGrid>
          {isStaffView && mail.lastError && (
            <Text size="sm" c="red.9">
              Last error: {mail.lastError}
            </Text>
          )}
          <MailBody mail={mail} />
        </Stack>
      )}
    </Drawer>
  );
}
