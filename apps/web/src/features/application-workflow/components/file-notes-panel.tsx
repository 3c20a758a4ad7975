import { Alert, Button, Group, Loader, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { FileNoteRequest } from '@certs/shared/application/application-stage.contract';
import type { ApplicationTypePath } from '@certs/shared/application/application-status';
import { DateDisplay } from '../../../components/ui/date-display';
import { ApiError, errorMessageOf } from '../../../lib/api-client';
import { useAddFileNote, useFileNotes } from '../api/file-notes';

const validate = zod4Resolver(FileNoteRequest, { errorPriority: 'first' });

/** Staff-only notes on the file: applicants never see them. Newest first. */
export function FileNotesPanel({ type, applicationId }: { type: ApplicationTypePath; applicationId: string }) {
  const notes = useFileNotes(type, applicationId);
  const add = useAddFileNote(type, applicationId);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ initialValues: { note: '' }, validate });
  const handleSubmit = async (values: { note: string }) => {
    setFailure(null);
    try {
      await add.mutateAsync(FileNoteRequest.parse(values));
      form.reset();
    } catch (error) {
      const atField = error instanceof ApiError ? error.fieldErrors.note : undefined;
      if (atField) form.setFieldError('note', atField);
      else setFailure(errorMessageOf(error));
    }
  };
  return (
    <Stack gap="md">
      <form onSubmit={form.onSubmit(handleSubmit)} noValidate aria-label="Add a file note">
        <Stack gap="xs">
          {failure && (
            <Alert color="red" variant="light" title="The note was not added">
              {failure}
            </Alert>
          )}
          <Textarea label="New file note" description="Seen by staff only" autosize minRows={2} maxRows={8} {...form.getInputProps('note')} />
          <Group justify="flex-end">
            <Button type="submit" variant="light" loading={form.submitting}>
              Add file note
            </Button>
          </Group>
        </Stack>
      </form>
      {notes.isPending && <Loader size="sm" aria-label="Loading file notes" />}
      {notes.error && <Alert color="red">{errorMessageOf(notes.error)}</Alert>}
      {notes.data?.length === 0 && <Text c="dimmed">No file notes yet.</Text>}
      <Stack gap="xs" data-testid="file-notes">
        {notes.data?.map((note) => (
          <Paper key={note.id} withBorder radius="sm" p="sm">
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {note.note}
            </Text>
            <Text size="xs" c="dimmed" mt={4}>
              {note.createdBy} · <DateDisplay value={note.createdOn} withTime />
            </Text>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}
