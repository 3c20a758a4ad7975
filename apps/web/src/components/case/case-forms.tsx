import { Alert, Button, Checkbox, Group, Radio, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { CASE_OUTCOMES, CASE_OUTCOME_LABELS, CASE_TEXT_MAX, CaseNoteRequest } from '@certs/shared/case/case.contract';
import { errorMessageOf } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/server-errors';

/** The forms an appeal's and a complaint's staff page share (issue 43); each feature passes its own request. */

export function CaseFailureAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" role="alert">
      {message}
    </Alert>
  );
}

// A type, not an interface: the zod resolver wants values readable as a record.
type NoteValues = { text: string; sharedWithPerson: boolean };

/** A note of the investigation; one shared with the person is mailed to them and shown to them. */
export function CaseNoteForm({ save, shareLabel }: { save: (values: NoteValues) => Promise<unknown>; shareLabel: string }) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ initialValues: { text: '', sharedWithPerson: false }, validate: zod4Resolver(CaseNoteRequest, { errorPriority: 'first' }) });
  const submit = async (values: NoteValues) => {
    setFailure(null);
    try {
      await save(values);
      form.reset();
    } catch (error) {
      setFailure(applyServerErrors(form, values, error));
    }
  };
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate aria-label="Add to the record">
      <Stack gap="sm">
        <CaseFailureAlert message={failure} />
        <Textarea label="Note" required withAsterisk autosize minRows={3} maxLength={CASE_TEXT_MAX} {...form.getInputProps('text')} />
        <Group justify="space-between" wrap="wrap">
          <Checkbox label={shareLabel} {...form.getInputProps('sharedWithPerson', { type: 'checkbox' })} />
          <Button type="submit" loading={form.submitting} disabled={form.submitting}>
            Add note
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type StatusMove = 'investigating' | 'withdrawn';

interface CaseStatusFormProps {
  status: string;
  noteLabel: string;
  /** The withdrawal's button ("Withdrawn by the person"), or null where a case is not withdrawn (an appeal of a result). */
  withdrawLabel: string | null;
  move: (status: StatusMove, note: string) => Promise<unknown>;
  pending: boolean;
}

/** Received -> under investigation; an open case recorded as withdrawn at the person's word, with a note. */
export function CaseStatusForm({ status, noteLabel, withdrawLabel, move, pending }: CaseStatusFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const send = async (to: StatusMove) => {
    setFailure(null);
    try {
      await move(to, note.trim());
      setNote('');
    } catch (error) {
      setFailure(errorMessageOf(error));
    }
  };
  return (
    <Stack gap="sm">
      <CaseFailureAlert message={failure} />
      <TextInput label={noteLabel} value={note} onChange={(event) => setNote(event.currentTarget.value)} maxLength={CASE_TEXT_MAX} />
      <Group gap="sm">
        {status === 'received' && (
          <Button variant="light" onClick={() => void send('investigating')} loading={pending}>
            Start the investigation
          </Button>
        )}
        {withdrawLabel && (
          <Button variant="default" onClick={() => void send('withdrawn')} loading={pending}>
            {withdrawLabel}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** The outcome and its reasons, the first fields of every case's decision form. */
export function CaseOutcomeFields<Values extends { outcome: string; reasons: string }>({ form, reasonsLabel }: { form: UseFormReturnType<Values>; reasonsLabel: string }) {
  return (
    <>
      <Radio.Group label="Outcome" required withAsterisk {...form.getInputProps('outcome')}>
        <Group gap="lg" mt="xs">
          {CASE_OUTCOMES.map((outcome) => (
            <Radio key={outcome} value={outcome} label={CASE_OUTCOME_LABELS[outcome]} />
          ))}
        </Group>
      </Radio.Group>
      <Textarea label={reasonsLabel} required withAsterisk autosize minRows={4} maxLength={CASE_TEXT_MAX} {...form.getInputProps('reasons')} />
    </>
  );
}
