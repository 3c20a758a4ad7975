import { notifications } from '@mantine/notifications';
import type { Program } from '@certs/shared/program/program.contract';
import { useAssignableUsers } from '../api/find-assignable-users';
import { useUpdateProgram } from '../api/update-program';
import { ProgramForm } from '../forms/program-form';
import { programValuesOf, toProgramRequest } from '../forms/program-form.values';
import { ListState } from './list-state';
import { SectionCard } from './section-card';

interface ProgramDetailsPanelProps {
  program: Program;
  isReadOnly: boolean;
  isIdentityLocked: boolean;
}

/** The program's own fields, edited with the same form that created it. */
export function ProgramDetailsPanel({ program, isReadOnly, isIdentityLocked }: ProgramDetailsPanelProps) {
  // A read-only viewer sees the current manager only; the staff directory is for those who edit.
  const managers = useAssignableUsers(!isReadOnly);
  const isLoadingManagers = !isReadOnly && managers.isPending;
  const updateProgram = useUpdateProgram();
  return (
    <SectionCard title="Program details" description="Code, title, type, manager, certificate numbering, declaration and tooltips.">
      <ListState isPending={isLoadingManagers} error={isReadOnly ? null : managers.error} what="program managers" />
      {!isLoadingManagers && (
        <ProgramForm
          key={program.modifiedOn}
          mode="edit"
          programId={program.id}
          initialValues={programValuesOf(program)}
          managers={managers.data ?? []}
          currentManager={program.programManager}
          isIdentityLocked={isIdentityLocked}
          isReadOnly={isReadOnly}
          onSubmit={async (values) => {
            const saved = await updateProgram.mutateAsync({ id: program.id, request: toProgramRequest(values) });
            notifications.show({ color: 'green', title: 'Program saved', message: `${saved.programCode} has been updated.` });
          }}
        />
      )}
    </SectionCard>
  );
}
