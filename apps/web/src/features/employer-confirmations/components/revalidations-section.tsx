import { Alert, Button, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { EmployerRevalidationRow } from '@certs/shared/employer/confirmations.contract';
import { DateDisplay } from '../../../components/ui/date-display';
import { useSubmitRevalidationEvidence } from '../api/confirmations';
import { RevalidationEvidenceForm } from '../forms/revalidation-evidence-form';
import { ScrollRegion } from '../../../components/ui/scroll-region';

function EvidenceDialog({ revalidation, onClose, onSent }: { revalidation: EmployerRevalidationRow; onClose: () => void; onSent: () => void }) {
  const submit = useSubmitRevalidationEvidence(revalidation.wpqRecordId);
  return (
    <Modal opened onClose={onClose} title={`Revalidation of ${revalidation.welderName}`} size="xl">
      <RevalidationEvidenceForm
        revalidation={revalidation}
        onSubmit={async (request) => {
          await submit.mutateAsync(request);
          onSent();
        }}
      />
    </Modal>
  );
}

/**
 * ISO 9606-1 9.3 b) (issue 42): the company's welders whose validity can be extended by two tested
 * production welds now; the coordinator sends them with their test reports, staff decide.
 */
export function RevalidationsSection({ rows, isCoordinator }: { rows: EmployerRevalidationRow[]; isCoordinator: boolean }) {
  const [open, setOpen] = useState<EmployerRevalidationRow | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  if (rows.length === 0 && !sent) return null;
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Revalidation (9.3 b)
      </Title>
      <Text size="sm" c="dimmed">
        These qualifications end on their valid-until day unless revalidated with two production welds of their last six months, each tested.
      </Text>
      {sent && (
        <Alert color="green" variant="light" title="Production welds sent" withCloseButton onClose={() => setSent(null)}>
          {sent}
        </Alert>
      )}
      {rows.length > 0 && (
        <ScrollRegion label="Revalidations">
          <Table miw={640} striped aria-label="Revalidations">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Welder</Table.Th>
                <Table.Th>Certificate</Table.Th>
                <Table.Th>Valid until</Table.Th>
                <Table.Th>Welds from</Table.Th>
                {isCoordinator && <Table.Th />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.wpqRecordId}>
                  <Table.Th scope="row" fw={500}>
                    {row.welderName}
                  </Table.Th>
                  <Table.Td>{row.certificateNumber}</Table.Td>
                  <Table.Td>
                    <DateDisplay value={row.validUntil} />
                  </Table.Td>
                  <Table.Td>
                    <DateDisplay value={row.window.from} /> to <DateDisplay value={row.window.to} />
                  </Table.Td>
                  {isCoordinator && (
                    <Table.Td>
                      <Button size="xs" variant="light" aria-label={`Send production welds of ${row.welderName}`} onClick={() => setOpen(row)}>
                        Send production welds
                      </Button>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollRegion>
      )}
      {open && (
        <EvidenceDialog
          revalidation={open}
          onClose={() => setOpen(null)}
          onSent={() => {
            setSent(`${open.welderName} (${open.certificateNumber}): the revalidation waits for the awarding body's decision.`);
            setOpen(null);
          }}
        />
      )}
    </Stack>
  );
}
