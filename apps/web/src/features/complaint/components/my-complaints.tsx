import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { CASE_OUTCOME_LABELS } from '@certs/shared/case/case.contract';
import { COMPLAINT_ABOUT_LABELS, COMPLAINT_PAGES, type ComplaintLodged } from '@certs/shared/complaint/complaint.contract';
import { DateDisplay } from '../../../components/ui/date-display';
import { errorMessageOf } from '../../../lib/api-client';
import type { ComplainantArea } from '../api/complaint.keys';
import { useMyComplaint, useMyComplaints, useLodgeComplaint } from '../api/my-complaints';
import { useComplaintBodies } from '../api/public-complaints';
import { ComplaintForm } from '../forms/complaint-form';
import { ComplaintPersonPanel } from './complaint-person-view';
import { ComplaintStatusBadge } from './complaint-status-badge';

const AREA_PAGE: Record<ComplainantArea, string> = { applicant: COMPLAINT_PAGES.applicant, employer: COMPLAINT_PAGES.employer };

/** Thanks, the reference and the decision date, once a complaint is sent. */
export function ComplaintReceived({ lodged, children }: { lodged: ComplaintLodged; children?: React.ReactNode }) {
  return (
    <Alert color="teal" variant="light" title="Complaint received" role="status" data-testid="complaint-received">
      <Stack gap="xs">
        <Text size="sm">{lodged.message}</Text>
        <Text size="sm">
          Your reference is{' '}
          <Text span fw={700} data-testid="complaint-reference">
            {lodged.reference}
          </Text>
          . We aim to decide it by <DateDisplay value={lodged.decideBy} />.
        </Text>
        {children}
      </Stack>
    </Alert>
  );
}

/**
 * A signed-in complainant's complaints (the applicant's own; the company's for its users) and the
 * form to make one (`canLodge`: applicants, and a company's coordinator).
 */
export function MyComplaints({ area, canLodge }: { area: ComplainantArea; canLodge: boolean }) {
  const list = useMyComplaints(area);
  const bodies = useComplaintBodies();
  const lodge = useLodgeComplaint(area);
  const [isFormOpen, setFormOpen] = useState(false);
  const [lodged, setLodged] = useState<ComplaintLodged | null>(null);
  const rows = list.data ?? [];
  return (
    <Stack gap="lg">
      {lodged && <ComplaintReceived lodged={lodged} />}
      {canLodge && !isFormOpen && (
        <Button w="fit-content" onClick={() => {
            setLodged(null);
            setFormOpen(true);
          }}>
          Make a complaint
        </Button>
      )}
      {isFormOpen && (
        <Paper withBorder radius="md" p="lg">
          <Title order={2} size="h4" mb="md">
            Make a complaint
          </Title>
          {bodies.isPending ? (
            <Loader aria-label="Loading the form" />
          ) : (
            <ComplaintForm
              isPublic={false}
              bodies={bodies.data ?? []}
              onSubmit={async (request) => {
                const answer = await lodge.mutateAsync(request);
                setLodged(answer);
                setFormOpen(false);
              }}
            />
          )}
        </Paper>
      )}
      <Paper withBorder radius="md" p="lg">
        <Title order={2} size="h4" mb="md">
          {area === 'employer' ? "Your company's complaints" : 'Your complaints'}
        </Title>
        {list.error ? (
          <Alert color="red" variant="light">
            {errorMessageOf(list.error)}
          </Alert>
        ) : list.isPending ? (
          <Loader aria-label="Loading complaints" />
        ) : rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            No complaints.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table aria-label="Complaints" data-testid="my-complaints-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Reference</Table.Th>
                  <Table.Th>Awarding body</Table.Th>
                  <Table.Th>About</Table.Th>
                  <Table.Th>Received</Table.Th>
                  <Table.Th>Status</Table.Th>
                  {area === 'employer' && <Table.Th>Sent by</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Th scope="row">
                      <Anchor component={Link} to={`${AREA_PAGE[area]}/${row.id}`} size="sm" fw={600}>
                        {row.reference}
                      </Anchor>
                    </Table.Th>
                    <Table.Td>{row.bodyName}</Table.Td>
                    <Table.Td>{COMPLAINT_ABOUT_LABELS[row.about]}</Table.Td>
                    <Table.Td>
                      <DateDisplay value={row.receivedOn} />
                    </Table.Td>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <ComplaintStatusBadge status={row.status} />
                        {row.outcome && <Text size="xs">{CASE_OUTCOME_LABELS[row.outcome]}</Text>}
                      </Group>
                    </Table.Td>
                    {area === 'employer' && <Table.Td>{row.complainantName}</Table.Td>}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
    </Stack>
  );
}

/** One of the signed-in complainant's complaints. */
export function MyComplaint({ area, id }: { area: ComplainantArea; id: string }) {
  const complaint = useMyComplaint(area, id);
  return (
    <Stack gap="md">
      <Anchor component={Link} to={AREA_PAGE[area]} size="sm">
        All complaints
      </Anchor>
      {complaint.error ? (
        <Alert color="red" variant="light">
          {errorMessageOf(complaint.error)}
        </Alert>
      ) : complaint.data ? (
        <ComplaintPersonPanel complaint={complaint.data} />
      ) : (
        <Loader aria-label="Loading the complaint" />
      )}
    </Stack>
  );
}
