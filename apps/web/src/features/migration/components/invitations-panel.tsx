import { Alert, Button, Group, NativeSelect, Paper, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { INVITATION_BATCH_SIZES, type InvitationPreview } from '@certs/shared/migration/migration-invitations.contract';
import { DateDisplay } from '../../../components/ui/date-display';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { errorMessageOf } from '../../../lib/api-client';
import { useInvitationPreview, useSendInvitations } from '../api/migration-invitations';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function Standing({ value }: { value: InvitationPreview }) {
  const reached = value.people - value.waiting;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600} role="status" aria-live="polite" data-testid="invitation-progress">
        Invited {reached} of {value.people}
      </Text>
      <Progress value={value.people > 0 ? Math.round((reached / value.people) * 100) : 0} aria-label="Invitation progress" />
      <Text size="sm" c="dimmed">
        {plural(value.waiting, 'person', 'people')} not yet invited · {value.invited} with a link still open · {value.expired} whose link expired unused · {value.activated} signed in
        {value.lastInvitedOn && (
          <>
            {' '}
            · last batch <DateDisplay value={value.lastInvitedOn} withTime />
          </>
        )}
      </Text>
    </Stack>
  );
}

/**
 * Invitations to the people a finished import created (issue 41): they were not mailed by the
 * import. Staff see who comes next and the mail exactly as it is sent, then send it in batches.
 */
export function InvitationsPanel({ importId }: { importId: string }) {
  const preview = useInvitationPreview(importId);
  const send = useSendInvitations(importId);
  const [batchSize, setBatchSize] = useState<number>(INVITATION_BATCH_SIZES[0]);
  const headingId = useId();
  const data = preview.data;
  if (preview.error) return <Alert color="red">{errorMessageOf(preview.error)}</Alert>;
  // Kinds that create nobody (companies, say) have nobody to invite.
  if (!data || data.people === 0) return null;
  const nextBatch = Math.min(batchSize, data.waiting);

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId} data-testid="invitations-panel">
      <Stack gap="sm">
        <Title order={3} size="h4" id={headingId}>
          Invite people
        </Title>
        <Text size="sm">
          This import created {plural(data.people, 'person', 'people')}. They were not mailed: invite them in batches, each with a link to choose their password and sign in, valid for {data.linkDays} days.
        </Text>
        <Standing value={data} />
        {data.next.length > 0 && (
          <ScrollRegion label="Next to be invited">
            <Table striped withTableBorder data-testid="invitations-next">
              <Table.Caption>Next to be invited{data.waiting > data.next.length ? ` (the first ${data.next.length} of ${data.waiting})` : ''}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Name</Table.Th>
                  <Table.Th scope="col">Email</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.next.map((person) => (
                  <Table.Tr key={person.email}>
                    <Table.Td>
                      {person.firstName} {person.lastName}
                    </Table.Td>
                    <Table.Td>{person.email}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollRegion>
        )}
        {data.mail && (
          <Paper withBorder p="sm" radius="sm" component="figure" m={0} aria-label="The invitation mail" data-testid="invitation-mail">
            <Text size="sm">
              <strong>From:</strong> {data.mail.fromName}
            </Text>
            <Text size="sm">
              <strong>Subject:</strong> {data.mail.subject}
            </Text>
            <Text size="sm" mt="xs" style={{ whiteSpace: 'pre-wrap' }}>
              {data.mail.text}
            </Text>
          </Paper>
        )}
        <Group align="flex-end" gap="md">
          <NativeSelect
            label="Batch size"
            value={String(batchSize)}
            onChange={(e) => setBatchSize(Number(e.currentTarget.value))}
            data={INVITATION_BATCH_SIZES.map((size) => ({ value: String(size), label: String(size) }))}
            w={120}
          />
          <Button onClick={() => send.mutate({ batchSize })} disabled={data.waiting === 0} loading={send.isPending && !send.variables?.reinviteExpired}>
            {data.waiting === 0 ? 'Everyone has been invited' : `Send ${plural(nextBatch, 'invitation')}`}
          </Button>
          {data.expired > 0 && (
            <Button variant="light" onClick={() => send.mutate({ batchSize, reinviteExpired: true })} loading={send.isPending && send.variables?.reinviteExpired === true}>
              Invite again {plural(Math.min(batchSize, data.expired), 'person', 'people')} whose link expired
            </Button>
          )}
        </Group>
        {send.data && !send.isPending && (
          <Alert color="teal" variant="light" role="status">
            Sent {plural(send.data.sent, 'invitation')}.
          </Alert>
        )}
        {send.error && <Alert color="red">{errorMessageOf(send.error)}</Alert>}
      </Stack>
    </Paper>
  );
}
