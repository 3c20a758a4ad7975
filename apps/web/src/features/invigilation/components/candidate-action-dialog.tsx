import { Alert, Button, Group, MultiSelect, NumberInput, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import {
  AddTimeRequest,
  IRREGULARITY_CATEGORIES,
  IrregularityReportRequest,
  MessageRequest,
  ReasonRequest,
  type ConsoleCandidate,
  type IrregularityCategory,
} from '@certs/shared/invigilation/invigilation.contract';
import { FormDialog } from '../../../components/ui/form-dialog';
import { errorMessageOf } from '../../../lib/api-client';
import { useDateFormatter } from '../../../lib/dates';
import { useCandidateAction, type CandidateAction } from '../api/invigilation';

export type ActionKind = CandidateAction['kind'];

export const ACTION_TITLES: Record<ActionKind, string> = {
  message: 'Send a message',
  extratime: 'Give extra time',
  pause: 'Pause the clock',
  resume: 'Resume the clock',
  end: 'End for misconduct',
  reports: 'Report an irregularity',
};

/**
 * One action on one candidate, each with its reason (recorded with the invigilator's name). An
 * irregularity report points at moments: the candidate's recent events are offered as evidence times.
 */
export function CandidateActionDialog({
  candidate,
  kind,
  eventTimes,
  onClose,
}: {
  candidate: ConsoleCandidate;
  kind: ActionKind;
  /** Moments of this candidate's sitting to pick as evidence (label and ISO time). */
  eventTimes: { label: string; occurredOn: string }[];
  onClose: () => void;
}) {
  const action = useCandidateAction(candidate.applicationModuleId);
  const dates = useDateFormatter();
  const [text, setText] = useState('');
  const [reason, setReason] = useState('');
  const [minutes, setMinutes] = useState<number | string>(5);
  const [category, setCategory] = useState<IrregularityCategory | null>(null);
  const [evidence, setEvidence] = useState<string[]>([]);
  const [errors, setErrors] = useState<Partial<Record<'text' | 'reason' | 'minutes' | 'category' | 'description', string>>>({});
  const title = `${ACTION_TITLES[kind]}: ${candidate.applicantName}`;

  const submit = () => {
    const request: CandidateAction =
      kind === 'message'
        ? { kind, body: { text, reason } }
        : kind === 'extratime'
          ? { kind, body: { minutes: Number(minutes), reason } }
          : kind === 'reports'
            ? { kind, body: { category: category as IrregularityCategory, description: reason, evidenceTimes: evidence } }
            : { kind, body: { reason } };
    // The server's own rules, checked first: an empty reason is refused here with its message (issue 45 item 13).
    const schema = kind === 'message' ? MessageRequest : kind === 'extratime' ? AddTimeRequest : kind === 'reports' ? IrregularityReportRequest : ReasonRequest;
    const checked = schema.safeParse(request.body);
    if (!checked.success) {
      const found: typeof errors = {};
      for (const issue of checked.error.issues) {
        const field = String(issue.path[0]) as keyof typeof errors;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    action.mutate(request, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: `${ACTION_TITLES[kind]}: done for ${candidate.applicantName}` });
        onClose();
      },
    });
  };

  return (
    <FormDialog opened title={title} onClose={onClose}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          {action.isError && (
            <Alert color="red" variant="light" role="alert">
              {errorMessageOf(action.error)}
            </Alert>
          )}
          {kind === 'message' && (
            <Textarea
              label="Message shown on the candidate's screen"
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              error={errors.text}
              required
              autosize
              minRows={2}
              data-autofocus
            />
          )}
          {kind === 'extratime' && (
            <NumberInput label="Minutes to add" value={minutes} onChange={setMinutes} error={errors.minutes} required min={1} max={240} allowDecimal={false} data-autofocus />
          )}
          {kind === 'reports' && (
            <>
              <Select
                label="Category"
                data={[...IRREGULARITY_CATEGORIES]}
                value={category}
                onChange={(value) => setCategory(value as IrregularityCategory | null)}
                error={errors.category}
                required
                data-autofocus
              />
              <MultiSelect
                label="Evidence times"
                description="Moments of the sitting the report points at"
                data={eventTimes.map((event) => ({ value: event.occurredOn, label: `${dates.dateTime(event.occurredOn)} ${event.label}` }))}
                value={evidence}
                onChange={setEvidence}
                searchable
                clearable
              />
            </>
          )}
          {kind === 'reports' ? (
            <Textarea label="What happened" value={reason} onChange={(event) => setReason(event.currentTarget.value)} error={errors.description} required autosize minRows={3} />
          ) : (
            <TextInput
              label="Reason"
              description="Recorded with your name in the sitting's events"
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              error={errors.reason}
              required
              data-autofocus={kind !== 'message' && kind !== 'extratime' ? true : undefined}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={action.isPending} color={kind === 'end' ? 'red' : undefined}>
              {ACTION_TITLES[kind]}
            </Button>
          </Group>
        </Stack>
      </form>
    </FormDialog>
  );
}
