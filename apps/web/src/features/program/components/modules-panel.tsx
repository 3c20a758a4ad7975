import { ActionIcon, Button, Group, Menu, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { ProgramModule } from '@certs/shared/program/program-module.contract';
import { formatFee } from '@certs/shared/program/program-rules';
import { StatusBadge } from '../../../components/ui/status-badge';
import { errorMessageOf } from '../../../lib/api-client';
import { useCreateProgramModule } from '../api/create-program-module';
import { useProgramModules } from '../api/find-program-modules';
import { useRemoveProgramModule } from '../api/remove-program-module';
import { useReorderProgramModules } from '../api/reorder-program-modules';
import { useUpdateProgramModule } from '../api/update-program-module';
import { ModuleForm } from '../forms/module-form';
import { emptyModuleValues, moduleValuesOf, toModuleRequest } from '../forms/module-form.values';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormDialog } from '../../../components/ui/form-dialog';
import { ListState } from './list-state';
import { OrderButtons, movedIds } from './order-buttons';
import { SectionCard } from './section-card';

type DialogState = { mode: 'create' } | { mode: 'edit'; module: ProgramModule } | null;

interface ModulesPanelProps {
  programId: string;
  /** AICIP renewal modules are a list of their own. */
  isRenewal: boolean;
  isReadOnly: boolean;
}

function yesNo(value: boolean): string {
  return value ? 'Yes' : 'No';
}

/** A program's modules (or AICIP renewal modules): fees in two decimals, order, inactivation. */
export function ModulesPanel({ programId, isRenewal, isReadOnly }: ModulesPanelProps) {
  const list = useProgramModules(programId, isRenewal);
  const createModule = useCreateProgramModule();
  const updateModule = useUpdateProgramModule();
  const removeModule = useRemoveProgramModule(programId);
  const reorder = useReorderProgramModules(isRenewal);
  const [dialog, setDialog] = useState<DialogState>(null);
  const [removing, setRemoving] = useState<ProgramModule | null>(null);
  const modules = list.data ?? [];
  const noun = isRenewal ? 'renewal module' : 'module';
  const title = isRenewal ? 'Renewal modules' : 'Modules';

  const move = (from: number, to: number) => {
    reorder.mutate(
      { programId, ids: movedIds(modules.map((item) => item.id), from, to) },
      { onError: (error) => notifications.show({ color: 'red', title: 'Could not reorder', message: errorMessageOf(error) }) },
    );
  };
  const toggleInactive = (module: ProgramModule) => {
    const request = toModuleRequest({ ...moduleValuesOf(module), isInactive: !module.isInactive });
    updateModule.mutate(
      { id: module.id, request },
      {
        onSuccess: (saved) =>
          notifications.show({
            color: 'green',
            title: saved.isInactive ? 'Module inactivated' : 'Module active again',
            message: `${saved.moduleCode} ${saved.isInactive ? 'is no longer offered to new applicants' : 'is offered to applicants again'}.`,
          }),
        onError: (error) => notifications.show({ color: 'red', title: 'Could not change the module', message: errorMessageOf(error) }),
      },
    );
  };

  return (
    <SectionCard
      title={title}
      description={
        isRenewal
          ? 'What a certified inspector sits to renew, in this order. Publishing an AICIP program needs at least one.'
          : 'What applicants sit, in this order, with member and non-member fees.'
      }
      testId={isRenewal ? 'renewal-modules-section' : 'modules-section'}
      action={!isReadOnly && <Button onClick={() => setDialog({ mode: 'create' })}>{isRenewal ? 'Add renewal module' : 'Add module'}</Button>}
    >
      <ListState isPending={list.isPending} error={list.error} what={`${noun}s`} />
      {list.isSuccess && modules.length === 0 && <Text c="dimmed">No {noun}s yet. Publishing needs at least one.</Text>}
      {modules.length > 0 && (
        <Table.ScrollContainer minWidth={900}>
          <Table verticalSpacing="sm" aria-label={title} striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Order</Table.Th>
                <Table.Th scope="col">Module Code</Table.Th>
                <Table.Th scope="col">Module Title</Table.Th>
                <Table.Th scope="col">Examination Type</Table.Th>
                <Table.Th scope="col" ta="right">
                  Member Fee
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  Non Member Fee
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  Pass %
                </Table.Th>
                <Table.Th scope="col">Re-sit</Table.Th>
                <Table.Th scope="col">Status</Table.Th>
                {!isReadOnly && (
                  <Table.Th scope="col" ta="right">
                    Actions
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {modules.map((module, index) => (
                <Table.Tr key={module.id}>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Text size="sm" w={16}>
                        {index + 1}
                      </Text>
                      {!isReadOnly && (
                        <OrderButtons
                          name={`${noun} ${module.moduleCode}`}
                          index={index}
                          count={modules.length}
                          disabled={reorder.isPending}
                          onMove={move}
                        />
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Th scope="row" fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {module.moduleCode}
                  </Table.Th>
                  <Table.Td>
                    {module.moduleTitle}
                    {module.invigilated && (
                      <Text size="xs" c="dimmed">
                        Invigilated{module.reviewAllowed ? ' · review allowed' : ''}
                      </Text>
                    )}
                    {!module.invigilated && module.reviewAllowed && (
                      <Text size="xs" c="dimmed">
                        Review allowed
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{module.examinationType}</Table.Td>
                  <Table.Td ta="right">{formatFee(module.memberFee)}</Table.Td>
                  <Table.Td ta="right">{formatFee(module.nonMemberFee)}</Table.Td>
                  <Table.Td ta="right">{module.passPercentage}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {module.reSitAllowed ? `${formatFee(module.reSitMemberFee)} / ${formatFee(module.reSitNonMemberFee)}` : yesNo(false)}
                  </Table.Td>
                  <Table.Td>
                    {module.isInactive ? <StatusBadge label="Inactive" color="gray" /> : <StatusBadge label="Active" color="green" />}
                  </Table.Td>
                  {!isReadOnly && (
                    <Table.Td>
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        <Button size="xs" variant="light" onClick={() => setDialog({ mode: 'edit', module })} aria-label={`Edit ${noun} ${module.moduleCode}`}>
                          Edit
                        </Button>
                        <Menu position="bottom-end" withinPortal>
                          <Menu.Target>
                            <ActionIcon variant="subtle" color="gray" aria-label={`More actions for ${noun} ${module.moduleCode}`}>
                              <span aria-hidden="true">⋯</span>
                            </ActionIcon>
                          </Menu.Target>
                          <Menu.Dropdown>
                            <Menu.Item onClick={() => toggleInactive(module)}>{module.isInactive ? 'Activate' : 'Inactivate'}</Menu.Item>
                            <Menu.Item c="red.9" onClick={() => setRemoving(module)}>
                              Remove
                            </Menu.Item>
                          </Menu.Dropdown>
                        </Menu>
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <FormDialog
        opened={dialog !== null}
        title={dialog?.mode === 'edit' ? `Edit ${noun} ${dialog.module.moduleCode}` : `Add ${noun}`}
        size="xl"
        onClose={() => setDialog(null)}
      >
        <ModuleForm
          mode={dialog?.mode ?? 'create'}
          initialValues={dialog?.mode === 'edit' ? moduleValuesOf(dialog.module) : emptyModuleValues()}
          onCancel={() => setDialog(null)}
          onSubmit={async (values) => {
            const request = toModuleRequest(values);
            if (dialog?.mode === 'edit') await updateModule.mutateAsync({ id: dialog.module.id, request });
            else await createModule.mutateAsync({ ...request, programId, isRenewal });
            setDialog(null);
          }}
        />
      </FormDialog>
      <ConfirmDialog
        opened={removing !== null}
        title={`Remove ${noun} ${removing?.moduleCode ?? ''}?`}
        confirmLabel={`Remove ${noun}`}
        confirmColor="red.9"
        failureTitle={`Could not remove the ${noun}`}
        onConfirm={() => (removing ? removeModule.mutateAsync(removing.id) : Promise.resolve())}
        onClose={() => setRemoving(null)}
      >
        <Text size="sm">
          {removing?.moduleTitle}. To stop offering a module that applicants have already taken, inactivate it instead.
        </Text>
      </ConfirmDialog>
    </SectionCard>
  );
}
