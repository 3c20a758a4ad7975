import { Button, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import {
  COMPLAINT_ABOUT,
  COMPLAINT_ABOUT_LABELS,
  COMPLAINT_CHANGE_MAX,
  ComplaintChangeRequest,
  ComplaintDecisionRequest,
  type ComplaintAbout,
  type ComplaintDetails,
  type ComplaintFilters,
} from '@certs/shared/complaint/complaint.contract';
import { CaseFailureAlert, CaseNoteForm, CaseOutcomeFields, CaseStatusForm } from '../../../components/case/case-forms';
import { useDateFormatter } from '../../../lib/dates';
import { applyServerErrors } from '../../../lib/server-errors';
import {
  useAddComplaintChange,
  useAddComplaintNote,
  useAssignComplaintHandler,
  useComplaintAwardActions,
  useDecideComplaint,
  useSetComplaintStatus,
  useSetComplaintSubject,
} from '../api/staff-complaints';

/** The handler: the body's staff, with the reason each one who may not take it cannot (never the complaint's subject). */
export function ComplaintHandlerForm({ complaint }: { complaint: ComplaintDetails }) {
  const assign = useAssignComplaintHandler(complaint.id);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ initialValues: { handlerId: complaint.handler?.id ?? '' } });
  const chosen = complaint.handlerOptions.find((option) => option.id === form.values.handlerId);
  const submit = async (values: { handlerId: string }) => {
    setFailure(null);
    try {
      await assign.mutateAsync(values);
      notifications.show({ color: 'green', title: 'Handler assigned', message: chosen?.name ?? '' });
    } catch (error) {
      setFailure(applyServerErrors(form, values, error));
    }
  };
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate aria-label="Assign the handler">
      <Stack gap="sm">
        <CaseFailureAlert message={failure} />
        <Group align="flex-end" gap="sm" wrap="wrap">
          <NativeSelect
            label="Handler"
            miw={260}
            data={[
              { value: '', label: 'Choose a staff member' },
              ...complaint.handlerOptions.map((option) => ({ value: option.id, label: option.refusal ? `${option.name} (cannot handle it)` : option.name, disabled: !!option.refusal })),
            ]}
            {...form.getInputProps('handlerId')}
          />
          <Button type="submit" disabled={!form.values.handlerId || form.values.handlerId === complaint.handler?.id || assign.isPending} loading={assign.isPending}>
            Assign
          </Button>
        </Group>
        {complaint.handlerOptions.some((option) => option.refusal) && (
          <Stack gap={2}>
            {complaint.handlerOptions
              .filter((option) => option.refusal)
              .map((option) => (
                <Text key={option.id} size="xs" c="dimmed">
                  {option.name}: {option.refusal}
                </Text>
              ))}
          </Stack>
        )}
      </Stack>
    </form>
  );
}

/** An open complaint moves to Under investigation or is withdrawn (the complainant asked), with a note kept to staff. */
export function ComplaintStatusForm({ complaint }: { complaint: ComplaintDetails }) {
  const setStatus = useSetComplaintStatus(complaint.id);
  return (
    <CaseStatusForm
      status={complaint.status}
      noteLabel="Note on the change (kept to staff)"
      withdrawLabel="Withdrawn by the complainant"
      move={(status, note) => setStatus.mutateAsync({ status, note })}
      pending={setStatus.isPending}
    />
  );
}

/** A note on the investigation; shared ones are mailed to the complainant and shown to them. */
export function ComplaintNoteForm({ complaintId }: { complaintId: string }) {
  const addNote = useAddComplaintNote(complaintId);
  return <CaseNoteForm save={(values) => addNote.mutateAsync(values)} shareLabel="Share with the complainant (it is mailed to them)" />;
}

/** The outcome with reasons, mailed to the complainant. */
export function ComplaintDecisionForm({ complaintId }: { complaintId: string }) {
  const decide = useDecideComplaint(complaintId);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<{ outcome: string; reasons: string }>({ initialValues: { outcome: '', reasons: '' }, validate: zod4Resolver(ComplaintDecisionRequest, { errorPriority: 'first' }) });
  const submit = async (values: { outcome: string; reasons: string }) => {
    setFailure(null);
    try {
      await decide.mutateAsync(ComplaintDecisionRequest.parse(values));
      notifications.show({ color: 'green', title: 'Complaint decided', message: 'The outcome and your reasons were mailed to the complainant.' });
    } catch (error) {
      setFailure(applyServerErrors(form, values, error));
    }
  };
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate aria-label="Decide the complaint">
      <Stack gap="sm">
        <CaseFailureAlert message={failure} />
        <CaseOutcomeFields form={form} reasonsLabel="Reasons (mailed to the complainant)" />
        <Group justify="flex-end">
          <Button type="submit" loading={form.submitting} disabled={form.submitting}>
            Record the outcome
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** What was done because of the complaint; a certificate's action (a hold, a withdrawal) is linked to its history. */
export function ComplaintChangeForm({ complaintId }: { complaintId: string }) {
  const addChange = useAddComplaintChange(complaintId);
  const dates = useDateFormatter();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ initialValues: { description: '', certificateNumber: '', historyId: '' } });
  const [lookedUp, setLookedUp] = useState('');
  const actions = useComplaintAwardActions(lookedUp);
  const submit = async (values: { description: string; certificateNumber: string; historyId: string }) => {
    setFailure(null);
    const request = { description: values.description, ...(values.certificateNumber.trim() ? { certificateNumber: values.certificateNumber.trim() } : {}), ...(values.historyId ? { historyId: values.historyId } : {}) };
    const checked = ComplaintChangeRequest.safeParse(request);
    if (!checked.success) {
      form.setErrors(Object.fromEntries(checked.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    try {
      await addChange.mutateAsync(checked.data);
      form.reset();
      setLookedUp('');
    } catch (error) {
      setFailure(applyServerErrors(form, values, error));
    }
  };
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate aria-label="Record an action taken">
      <Stack gap="sm">
        <CaseFailureAlert message={failure} />
        <Textarea label="Action taken" required withAsterisk autosize minRows={2} maxLength={COMPLAINT_CHANGE_MAX} {...form.getInputProps('description')} />
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput label="Certificate acted on (optional)" {...form.getInputProps('certificateNumber')} onBlur={() => setLookedUp(form.values.certificateNumber)} />
          {lookedUp && actions.data && (
            <NativeSelect
              label="Its action"
              miw={280}
              data={[{ value: '', label: 'Its latest action' }, ...actions.data.map((action) => ({ value: action.historyId, label: `${dates.date(action.on)}: ${action.action}${action.reason ? ` (${action.reason})` : ''}` }))]}
              {...form.getInputProps('historyId')}
            />
          )}
        </Group>
        {lookedUp && actions.isError && (
          <Text size="sm" c="red.8">
            No certificate of this body has that number.
          </Text>
        )}
        <Group justify="flex-end">
          <Button type="submit" variant="light" loading={form.submitting} disabled={form.submitting}>
            Record the action
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface SubjectValues {
  about: ComplaintAbout;
  aboutUserId: string;
  aboutVenueId: string;
  certificateNumber: string;
  programId: string;
}

/** What the complaint is about as staff establish it: a staff member, a venue, a certificate (its holder), the program. Staff see it; the complainant never does. */
export function ComplaintSubjectForm({ complaint, filters }: { complaint: ComplaintDetails; filters: ComplaintFilters | undefined }) {
  const setSubject = useSetComplaintSubject(complaint.id);
  const [failure, setFailure] = useState<string | null>(null);
  const isHolder = complaint.subject.certificateNumber !== null;
  const form = useForm<SubjectValues>({
    initialValues: {
      about: complaint.about,
      aboutUserId: isHolder ? '' : (complaint.subject.userId ?? ''),
      aboutVenueId: complaint.subject.venueId ?? '',
      certificateNumber: complaint.subject.certificateNumber ?? '',
      programId: complaint.program?.id ?? '',
    },
  });
  const submit = async (values: SubjectValues) => {
    setFailure(null);
    try {
      await setSubject.mutateAsync({
        about: values.about,
        aboutUserId: values.aboutUserId || null,
        aboutVenueId: values.aboutVenueId || null,
        certificateNumber: values.certificateNumber.trim() || null,
        programId: values.programId || null,
      });
      notifications.show({ color: 'green', title: 'Subject recorded', message: COMPLAINT_ABOUT_LABELS[values.about] });
    } catch (error) {
      setFailure(applyServerErrors(form, values, error));
    }
  };
  const staff = filters?.staff ?? [];
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate aria-label="What the complaint is about">
      <Stack gap="sm">
        <CaseFailureAlert message={failure} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NativeSelect label="About" data={COMPLAINT_ABOUT.map((value) => ({ value, label: COMPLAINT_ABOUT_LABELS[value] }))} {...form.getInputProps('about')} />
          <NativeSelect
            label="Program"
            data={[{ value: '', label: 'No program' }, ...(filters?.programs ?? []).map((program) => ({ value: program.id, label: `${program.programCode} ${program.programTitle}` }))]}
            {...form.getInputProps('programId')}
          />
          <NativeSelect label="Staff member (an examiner)" data={[{ value: '', label: 'None' }, ...staff.map((member) => ({ value: member.id, label: member.name }))]} {...form.getInputProps('aboutUserId')} />
          <NativeSelect label="Venue" data={[{ value: '', label: 'None' }, ...complaint.venueOptions.map((venue) => ({ value: venue.id, label: venue.title }))]} {...form.getInputProps('aboutVenueId')} />
          <TextInput label="Certificate number (a holder)" description="Its holder becomes the person the complaint is about" {...form.getInputProps('certificateNumber')} />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" variant="light" loading={form.submitting} disabled={form.submitting}>
            Save the subject
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
