import { Button, Text } from '@mantine/core';
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
import { movedIds } from './order-buttons';
import { OrderedItemsTable } from './ordered-items-table';
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
        <OrderedItemsTable<Requirement>
          label="Requirements"
          items={requirements}
          columns={[
            { header: 'Code', cell: (item) => item.requirementCode, isRowHeader: true },
            { header: 'Description', cell: (item) => item.requirementDescription },
          ]}
          nameOf={(item) => `requirement ${item.requirementCode}`}
          isReadOnly={isReadOnly}
          isReordering={reorder.isPending}
          onMove={move}
          onEdit={(requirement) => setDialog({ mode: 'edit', requirement })}
          onRemove={setRemoving}
        />
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
