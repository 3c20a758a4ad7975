import { Alert, Button, Group, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';

interface EntryFormFrameProps {
  label: string;
  failure: string | null;
  failureTitle: string;
  submitLabel: string;
  isSending: boolean;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
  children: ReactNode;
}

/** The frame shared by the profile list forms: the refusal, the fields, Cancel and Save. */
export function EntryFormFrame({ label, failure, failureTitle, submitLabel, isSending, onSubmit, onCancel, children }: EntryFormFrameProps) {
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label}>
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" title={failureTitle}>
            {failure}
          </Alert>
        )}
        {children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={isSending}>
            Cancel
          </Button>
          <Button type="submit" loading={isSending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
