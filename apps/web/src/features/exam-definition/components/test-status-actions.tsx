import { Alert, Button, Group, List, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { CloneTestRequest, ExamDefinition } from '@certs/shared/exam-definition/exam-definition.contract';
import { EXAM_DEFINITION_ACTIONS, canChangeExamDefinition, type ExamDefinitionAction } from '@certs/shared/exam-definition/exam-definition-status';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormDialog } from '../../../components/ui/form-dialog';
import { CloneTestForm } from './clone-test-form';

interface TestStatusActionsProps {
  test: ExamDefinition;
  onAction: (action: ExamDefinitionAction) => Promise<unknown>;
  onClone: (request: CloneTestRequest) => Promise<unknown>;
}

const READABLE_TITLE = { title: { color: 'var(--mantine-color-text)' } };
const ACTION_INFO: Record<ExamDefinitionAction, { label: string; color: string; variant: 'filled' | 'default'; done: string; consequence: string }> = {
  publish: {
    label: 'Publish',
    color: 'teal.9',
    variant: 'filled',
    done: 'published',
    consequence: 'Publishing makes the test available for exams. From then on its questions, sections, marks and times cannot change; clone it to make a new version.',
  },
  unpublish: {
    label: 'Unpublish',
    color: 'red.9',
    variant: 'default',
    done: 'unpublished',
    consequence: 'Unpublishing archives the test: no new exams use it. Exams already taken keep it. It can be published again as it is.',
  },
};

/** Publish or unpublish (each behind a confirmation), and clone. */
export function TestStatusActions({ test, onAction, onClone }: TestStatusActionsProps) {
  const [pending, setPending] = useState<ExamDefinitionAction | null>(null);
  const [isCloning, setIsCloning] = useState(false);
  const allowed = EXAM_DEFINITION_ACTIONS.filter((action) => canChangeExamDefinition(action, test.status));
  const info = pending ? ACTION_INFO[pending] : null;

  return (
    <>
      <Group gap="sm" data-testid="test-status-actions">
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
        <Button variant="default" onClick={() => setIsCloning(true)}>
          Clone
        </Button>
      </Group>
      <ConfirmDialog
        opened={pending !== null}
        title={info ? `${info.label} ${test.title}?` : ''}
        confirmLabel={info ? `${info.label} test` : ''}
        confirmColor={info?.color}
        failureTitle={info ? `Could not ${info.label.toLowerCase()} the test` : ''}
        onConfirm={async () => {
          if (!pending) return;
          await onAction(pending);
          notifications.show({ color: 'green', title: `Test ${ACTION_INFO[pending].done}`, message: `${test.title} has been ${ACTION_INFO[pending].done}.` });
        }}
        onClose={() => setPending(null)}
      >
        {info && <Text>{info.consequence}</Text>}
        {pending === 'publish' && test.publishProblems.length > 0 && (
          <Alert color="yellow" variant="light" title="Not ready to publish" role="note" styles={READABLE_TITLE}>
            <List size="sm">
              {test.publishProblems.map((problem) => (
                <List.Item key={problem}>{problem}</List.Item>
              ))}
            </List>
          </Alert>
        )}
      </ConfirmDialog>
      <FormDialog opened={isCloning} title={`Clone ${test.title}`} size="md" onClose={() => setIsCloning(false)}>
        <CloneTestForm
          sourceTitle={test.title}
          onCancel={() => setIsCloning(false)}
          onSubmit={async (request) => {
            await onClone(request);
            setIsCloning(false);
          }}
        />
      </FormDialog>
    </>
  );
}
