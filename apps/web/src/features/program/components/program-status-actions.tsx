import { Alert, Button, Group, List, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { ProgramCompleteness } from '@certs/shared/program/program-catalogue.contract';
import { PROGRAM_ACTIONS, canTransition, type ProgramAction, type ProgramStatus } from '@certs/shared/program/program-status';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

interface ProgramStatusActionsProps {
  programCode: string;
  status: number;
  canChangeStatus: boolean;
  /** What publishing still lacks, shown before the user confirms. */
  completeness?: ProgramCompleteness;
  onAction: (action: ProgramAction) => Promise<unknown>;
}

// Colours chosen for 4.5:1: white on teal.9 and indigo; Archive is red.9 text on white.
const ACTION_INFO: Record<ProgramAction, { label: string; color: string; confirmColor: string; variant: 'filled' | 'default'; done: string }> = {
  publish: { label: 'Publish', color: 'teal.9', confirmColor: 'teal.9', variant: 'filled', done: 'published' },
  archive: { label: 'Archive', color: 'red.9', confirmColor: 'red.9', variant: 'default', done: 'archived' },
  restore: { label: 'Restore', color: 'indigo', confirmColor: 'indigo', variant: 'filled', done: 'restored' },
};

const READABLE_TITLE = { title: { color: 'var(--mantine-color-text)' } };

function consequenceOf(action: ProgramAction, code: string): string {
  switch (action) {
    case 'publish':
      return `Publishing shows ${code} to applicants, who can then apply. Its Program Code and Program Type cannot change afterwards.`;
    case 'archive':
      return `Archiving hides ${code} from applicants and makes it read-only. It can be restored from Archives.`;
    case 'restore':
      return `Restoring makes ${code} editable again. Applicants do not see it until it is published again.`;
  }
}

/** The moves the status table allows from here, each behind a confirmation; none without the privilege. */
export function ProgramStatusActions({ programCode, status, canChangeStatus, completeness, onAction }: ProgramStatusActionsProps) {
  const [pending, setPending] = useState<ProgramAction | null>(null);
  if (!canChangeStatus) return null;
  const allowed = PROGRAM_ACTIONS.filter((action) => canTransition(action, status as ProgramStatus));
  if (allowed.length === 0) return null;

  const confirm = async (action: ProgramAction) => {
    await onAction(action);
    notifications.show({ color: 'green', title: `Program ${ACTION_INFO[action].done}`, message: `${programCode} has been ${ACTION_INFO[action].done}.` });
  };
  const missing = completeness?.missing ?? [];
  const info = pending ? ACTION_INFO[pending] : null;

  return (
    <>
      <Group gap="sm" data-testid="program-status-actions">
        {allowed.map((action) => (
          <Button
            key={action}
            color={ACTION_INFO[action].color}
            variant={ACTION_INFO[action].variant}
            c={ACTION_INFO[action].variant === 'default' ? ACTION_INFO[action].color : undefined}
            onClick={() => setPending(action)}
          >
            {ACTION_INFO[action].label}
          </Button>
        ))}
      </Group>
      <ConfirmDialog
        opened={pending !== null}
        title={info ? `${info.label} ${programCode}?` : ''}
        confirmLabel={info ? `${info.label} program` : ''}
        confirmColor={info?.confirmColor}
        failureTitle={info ? `Could not ${info.label.toLowerCase()} the program` : ''}
        onConfirm={() => (pending ? confirm(pending) : Promise.resolve())}
        onClose={() => setPending(null)}
      >
        {pending && <Text>{consequenceOf(pending, programCode)}</Text>}
        {pending === 'publish' && missing.length > 0 && (
          <Alert color="yellow" variant="light" title="Not ready to publish" role="note" styles={READABLE_TITLE}>
            <Text size="sm" mb={4}>
              The program still lacks:
            </Text>
            <List size="sm">
              {missing.map((item) => (
                <List.Item key={item}>{item}</List.Item>
              ))}
            </List>
          </Alert>
        )}
      </ConfirmDialog>
    </>
  );
}
