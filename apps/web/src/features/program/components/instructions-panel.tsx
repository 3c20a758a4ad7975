import { Button, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { Instruction } from '@certs/shared/program/program-part.contract';
import { errorMessageOf } from '../../../lib/api-client';
import { useCreateInstruction } from '../api/create-instruction';
import { useInstructions } from '../api/find-instructions';
import { useRemoveInstruction } from '../api/remove-instruction';
import { useReorderInstructions } from '../api/reorder-instructions';
import { useUpdateInstruction } from '../api/update-instruction';
import { InstructionForm } from '../forms/instruction-form';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormDialog } from '../../../components/ui/form-dialog';
import { ListState } from './list-state';
import { movedIds } from './order-buttons';
import { OrderedItemsTable } from './ordered-items-table';
import { SectionCard } from './section-card';

type DialogState = { mode: 'create' } | { mode: 'edit'; instruction: Instruction } | null;

/** Applicant instructions: what applicants read before applying, in order. At least one is needed to publish. */
export function InstructionsPanel({ programId, isReadOnly }: { programId: string; isReadOnly: boolean }) {
  const list = useInstructions(programId);
  const createInstruction = useCreateInstruction();
  const updateInstruction = useUpdateInstruction();
  const removeInstruction = useRemoveInstruction(programId);
  const reorder = useReorderInstructions();
  const [dialog, setDialog] = useState<DialogState>(null);
  const [removing, setRemoving] = useState<Instruction | null>(null);
  const instructions = list.data ?? [];

  const move = (from: number, to: number) => {
    reorder.mutate(
      { programId, ids: movedIds(instructions.map((item) => item.id), from, to) },
      { onError: (error) => notifications.show({ color: 'red', title: 'Could not reorder', message: errorMessageOf(error) }) },
    );
  };

  return (
    <SectionCard
      title="Applicant instructions"
      description="What applicants read before they apply, in this order."
      testId="instructions-section"
      action={!isReadOnly && <Button onClick={() => setDialog({ mode: 'create' })}>Add instruction</Button>}
    >
      <ListState isPending={list.isPending} error={list.error} what="instructions" />
      {list.isSuccess && instructions.length === 0 && <Text c="dimmed">No instructions yet. Publishing needs at least one.</Text>}
      {instructions.length > 0 && (
        <OrderedItemsTable<Instruction>
          label="Applicant instructions"
          items={instructions}
          columns={[{ header: 'Instruction', cell: (item) => item.instruction }]}
          nameOf={(_item, index) => `instruction ${index + 1}`}
          isReadOnly={isReadOnly}
          isReordering={reorder.isPending}
          onMove={move}
          onEdit={(instruction) => setDialog({ mode: 'edit', instruction })}
          onRemove={setRemoving}
        />
      )}
      <FormDialog opened={dialog !== null} title={dialog?.mode === 'edit' ? 'Edit instruction' : 'Add instruction'} onClose={() => setDialog(null)}>
        <InstructionForm
          mode={dialog?.mode ?? 'create'}
          initialValues={{ instruction: dialog?.mode === 'edit' ? dialog.instruction.instruction : '' }}
          onCancel={() => setDialog(null)}
          onSubmit={async (values) => {
            if (dialog?.mode === 'edit') await updateInstruction.mutateAsync({ id: dialog.instruction.id, request: values });
            else await createInstruction.mutateAsync({ programId, instruction: values.instruction });
            setDialog(null);
          }}
        />
      </FormDialog>
      <ConfirmDialog
        opened={removing !== null}
        title="Remove this instruction?"
        confirmLabel="Remove instruction"
        confirmColor="red.9"
        failureTitle="Could not remove the instruction"
        onConfirm={() => (removing ? removeInstruction.mutateAsync(removing.id) : Promise.resolve())}
        onClose={() => setRemoving(null)}
      >
        <Text size="sm" style={{ whiteSpace: 'pre-line' }} lineClamp={4}>
          {removing?.instruction}
        </Text>
      </ConfirmDialog>
    </SectionCard>
  );
}
