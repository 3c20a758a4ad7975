import { Button, Group, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { Requirement } from '@certs/shared/program/program-part.contract';
import { errorMessageOf } from '../../../lib/api-client';
import { useCreateRequirement } from '../api/create-requirement';
import { useRequirements } from '../api/find-requirements';
import { useRemoveRequirement } from '../api/remove-requirement';
import { useReorderRequirements } from '../api/reorder-requirements';
import { useUpdateRequirement } from '../api/update-requirement';
import { RequirementForm } from '../forms/requirement-form';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormDialog } from '../../../components/ui/form-dialog';
import { ListState } from './list-state';
import { OrderButtons, movedIds } from './order-buttons';
import { SectionCard } from './section-card';

type DialogState = { mode: 'create' } | { mode: 'edit'; requirement: Requirement } | null;

/** Program requirements: what an applicant must hold or show, in order. At least one is needed to publish. */
export function RequirementsPanel({ programId, isReadOnly }: { programId: string; isReadOnly: boolean }) {
  const list = useRequirements(programId);
  const createRequirement = useCreateRequirement();
  const updateRequirement = useUpdateRequirement();
  const removeRequirement = useRemoveRequirement(programId);
  const reorder = useReorderRequirements();
  const [dialog, setDialog] = useState<DialogState>(null);
  const [removing, setRemoving] = useState<Requirement | null>(null);
  const requirements = list.data ?? [];

  const move = (from: number, to: number) => {
    reorder.mutate(
      { programId, ids: movedIds(requirements.map((item) => item.id), from, to) },
      { onError: (error) => notifications.show({ color: 'red', title: 'Could not reorder', message: errorMessageOf(error) }) },
    );
  };

  return (
    <SectionCard
      title="Requirements"
      description="What an applicant must hold or provide, in this order."
      testId="requirements-section"
      action={!isReadOnly && <Button onClick={() => setDialog({ mode: 'create' })}>Add requirement</Button>}
    >
      <ListState isPending={list.isPending} error={list.error} what="requirements" />
      {list.isSuccess && requirements.length === 0 && <Text c="dimmed">No requirements yet. Publishing needs at least one.</Text>}
      {requirements.length > 0 && (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="sm" aria-label="Requirements" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col" w={60}>
                  Order
                </Table.Th>
                <Table.Th scope="col">Code</Table.Th>
                <Table.Th scope="col">Description</Table.Th>
                {!isReadOnly && (
                  <Table.Th scope="col" ta="right">
                    Actions
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {requirements.map((requirement, index) => (
                <Table.Tr key={requirement.id}>
                  <Table.Td>{index + 1}</Table.Td>
                  <Table.Th scope="row" fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {requirement.requirementCode}
                  </Table.Th>
                  <Table.Td style={{ whiteSpace: 'pre-line' }}>{requirement.requirementDescription}</Table.Td>
                  {!isReadOnly && (
                    <Table.Td>
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        <OrderButtons
                          name={`requirement ${requirement.requirementCode}`}
                          index={index}
                          count={requirements.length}
                          disabled={reorder.isPending}
                          onMove={move}
                        />
                        <Button
                          size="xs"
                          variant="light"
                          onClick={() => setDialog({ mode: 'edit', requirement })}
                          aria-label={`Edit requirement ${requirement.requirementCode}`}
                        >
                          Edit
                        </Button>
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          onClick={() => setRemoving(requirement)}
                          aria-label={`Remove requirement ${requirement.requirementCode}`}
                        >
                          Remove
                        </Button>
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <FormDialog opened={dialog !== null} title={dialog?.mode === 'edit' ? 'Edit requirement' : 'Add requirement'} onClose={() => setDialog(null)}>
        <RequirementForm
          mode={dialog?.mode ?? 'create'}
          initialValues={
            dialog?.mode === 'edit'
              ? { requirementCode: dialog.requirement.requirementCode, requirementDescription: dialog.requirement.requirementDescription }
              : { requirementCode: '', requirementDescription: '' }
          }
          onCancel={() => setDialog(null)}
          onSubmit={async (values) => {
            if (dialog?.mode === 'edit') await updateRequirement.mutateAsync({ id: dialog.requirement.id, request: values });
            else await createRequirement.mutateAsync({ programId, ...values });
            setDialog(null);
          }}
        />
      </FormDialog>
      <ConfirmDialog
        opened={removing !== null}
        title={`Remove requirement ${removing?.requirementCode ?? ''}?`}
        confirmLabel="Remove requirement"
        confirmColor="red.9"
        failureTitle="Could not remove the requirement"
        onConfirm={() => (removing ? removeRequirement.mutateAsync(removing.id) : Promise.resolve())}
        onClose={() => setRemoving(null)}
      >
        <Text size="sm" lineClamp={4}>
          {removing?.requirementDescription}
        </Text>
      </ConfirmDialog>
    </SectionCard>
  );
}
