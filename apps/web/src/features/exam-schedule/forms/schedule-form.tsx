import '@mantine/dates/styles.css';
import { Alert, Badge, Button, Group, Paper, Select, SimpleGrid, Stack, Switch, Text, TextInput, Textarea, Title } from '@mantine/core';
import { DateInput, TimeInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { OFFERED_TIME_ZONES, formatDateTimeWithZone } from '@certs/shared/common/dates';
import { instantOfLocal } from '@certs/shared/exam-schedule/exam-schedule-time';
import { testTimeHint } from '@certs/shared/exam-schedule/sitting-time';
import { needsPlace, type ExamKind, type ScheduleChoices, type ScheduleSaveRequest, type ScheduledModule } from '@certs/shared/exam-schedule/exam-schedule.contract';
import { OverrideReasonField, useImpartialityOverride } from '../../../components/ui/override-reason';
import { ApiError, errorMessageOf } from '../../../lib/api-client';
import { SentBadge } from '../components/sent-badge';
import { parseTypedDay } from '../../../lib/typed-day';
import { formErrorsOfServer, initialRowValues, scheduleSaveOf, type ScheduleRowValues } from './schedule-form-logic';

interface ScheduleFormProps {
  modules: ScheduledModule[];
  choices: ScheduleChoices;
  /** The candidate's own zone, to show what they will read. */
  candidateTimeZone: string;
  onSave: (request: ScheduleSaveRequest) => Promise<unknown>;
  now?: () => Date;
}

const ZONE_OPTIONS = OFFERED_TIME_ZONES.map((z) => ({ value: z.zone, label: z.label }));

function ScheduleRow({ form, index, module, choices, candidateTimeZone }: { form: ReturnType<typeof useForm<{ rows: ScheduleRowValues[] }>>; index: number; module: ScheduledModule; choices: ScheduleChoices; candidateTimeZone: string }) {
  const values = form.getValues().rows[index]!;
  const kind = values.examKind as ExamKind | '';
  const isOnline = kind === 'Online';
  const headingId = `schedule-${module.id}-heading`;
  const field = (name: keyof ScheduleRowValues) => form.getInputProps(`rows.${index}.${name}`);
  const places = [
    { group: 'Venues', items: choices.venues.map((v) => ({ value: `venue:${v.id}`, label: v.name })) },
    { group: 'Test centres', items: choices.testCentres.map((c) => ({ value: `centre:${c.id}`, label: `${c.name} (${c.address})` })) },
  ].filter((group) => group.items.length > 0);
  const tests = choices.tests.filter((t) => t.programModuleId === module.programModuleId).map((t) => ({ value: t.id, label: t.name }));
  const scheduledLocal = values.day && values.time ? `${values.day}T${values.time}` : null;
  const chosenTest = choices.tests.find((t) => t.id === values.examDefinitionId);
  return (
    <Paper withBorder radius="sm" p="md" component="section" aria-labelledby={headingId} data-testid={`schedule-row-${module.moduleCode}`}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h5" id={headingId}>
            {module.moduleCode} · {module.moduleTitle}
          </Title>
          <Group gap={6}>
            {module.invigilated && (
              <Badge variant="outline" color="gray.7" radius="sm" tt="none">
                Invigilated
              </Badge>
            )}
            <SentBadge module={module} />
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
          <Select label="Kind" data={choices.kinds} allowDeselect={false} withAsterisk {...field('examKind')} />
          <DateInput
            label="Date"
            placeholder="DD-MMM-YYYY"
            valueFormat="DD-MMM-YYYY"
            dateParser={parseTypedDay}
            withAsterisk
            {...field('day')}
            value={values.day || null}
            onChange={(day) => form.setFieldValue(`rows.${index}.day`, day ?? '')}
          />
          <TimeInput label="Time" withAsterisk {...field('time')} />
          <Select label="Time zone" data={ZONE_OPTIONS} allowDeselect={false} {...field('scheduleTimeZone')} />
          <TextInput label="Duration (minutes)" inputMode="numeric" withAsterisk {...field('durationMinutes')} />
          <Select
            label={isOnline ? 'Venue or test centre (optional)' : 'Venue or test centre'}
            data={places}
            clearable
            searchable
            nothingFoundMessage="No venue or test centre matches"
            withAsterisk={needsPlace(kind || null)}
            {...field('place')}
            onChange={(value) => form.setFieldValue(`rows.${index}.place`, value ?? '')}
          />
          <Select
            label="Examiner"
            data={choices.examiners.map((p) => ({ value: p.id, label: p.name }))}
            clearable
            withAsterisk
            nothingFoundMessage="The program has no examiner"
            {...field('examinerId')}
            onChange={(value) => form.setFieldValue(`rows.${index}.examinerId`, value ?? '')}
          />
          <Select
            label={module.invigilated ? 'Invigilator' : 'Invigilator (optional)'}
            data={choices.invigilators.map((p) => ({ value: p.id, label: p.name }))}
            clearable
            withAsterisk={module.invigilated}
            {...field('invigilatorId')}
            onChange={(value) => form.setFieldValue(`rows.${index}.invigilatorId`, value ?? '')}
          />
          {isOnline && (
            <Select
              label="Published test"
              data={tests}
              clearable
              withAsterisk
              nothingFoundMessage="No published test of this module"
              {...field('examDefinitionId')}
              onChange={(value) => {
                form.setFieldValue(`rows.${index}.examDefinitionId`, value ?? '');
                // The test's own time is where the duration starts; the scheduler may change it.
                const minutes = choices.tests.find((t) => t.id === value)?.overallTime;
                if (minutes !== undefined && !values.durationMinutes.trim()) form.setFieldValue(`rows.${index}.durationMinutes`, String(minutes));
              }}
            />
          )}
        </SimpleGrid>
        {isOnline && chosenTest && (
          <Text size="sm" c="dimmed" data-testid="test-time">
            {testTimeHint(chosenTest.overallTime, durationOf(values.durationMinutes))}
          </Text>
        )}
        {isOnline && (
          <Switch
            label="Record this sitting"
            description="The candidate's camera, entire screen and keystrokes, after their consent and a system check. Proposed for invigilated modules."
            {...form.getInputProps(`rows.${index}.recordExam`, { type: 'checkbox' })}
          />
        )}
        {isOnline && tests.length === 0 && (
          <Text size="sm" c="red.8">
            This module has no published test yet: publish one under Examinations first.
          </Text>
        )}
        <Textarea label="Note to the candidate" autosize minRows={1} maxRows={4} {...field('scheduleNote')} />
        {scheduledLocal && (
          <Text size="xs" c="dimmed" data-testid="candidate-time">
            The candidate reads {formatDateTimeWithZone(instantIsoOf(scheduledLocal, values.scheduleTimeZone), candidateTimeZone)}.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** For the hint only: whole minutes typed, or null (the rules say why on Save). */
function durationOf(typed: string): number | null {
  const minutes = Number(typed.trim());
  return typed.trim() !== '' && Number.isInteger(minutes) && minutes > 0 ? minutes : null;
}

/** For the hint only: the instant of what is typed, or null (the rules say why on Save). */
function instantIsoOf(local: string, zone: string): string | null {
  const reading = instantOfLocal(local, zone);
  return 'instant' in reading ? reading.instant.toISOString() : null;
}

/**
 * The exam schedule of every module (issue 6): date and time in a chosen offered zone (Sydney by
 * default), kind, duration, venue or test centre, examiner, invigilator, and the published test of
 * an Online module. The shared rules check each row before it is sent; rows left blank are kept
 * for later, so modules can be scheduled one at a time.
 */
export function ScheduleForm({ modules, choices, candidateTimeZone, onSave, now = () => new Date() }: ScheduleFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);
  const override = useImpartialityOverride();
  const form = useForm<{ rows: ScheduleRowValues[] }>({ initialValues: { rows: modules.map((module) => initialRowValues(module, choices.tests, choices.defaultZone)) } });

  const save = async () => {
    setFailure(null);
    form.clearErrors();
    const rows = form.getValues().rows;
    const { modules: request, sentIndexes, errors } = scheduleSaveOf(rows, modules, now());
    if (request.length === 0) {
      setFailure('Enter the schedule of at least one module.');
      return;
    }
    if (Object.keys(errors).length > 0) {
      form.setErrors(errors);
      return;
    }
    setIsSending(true);
    try {
      await onSave({ modules: request, ...override.requestPart() });
      override.reset();
    } catch (error) {
      override.noteFailure(error);
      const fieldErrors = error instanceof ApiError ? formErrorsOfServer(error.fieldErrors, sentIndexes, rows) : {};
      if (Object.keys(fieldErrors).length > 0) form.setErrors(fieldErrors);
      else setFailure(errorMessageOf(error));
    } finally {
      setIsSending(false);
    }
  };

  return (
    <form
      aria-label="Exam schedule"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack gap="md">
        {modules.map((module, index) => (
          <ScheduleRow key={module.id} form={form} index={index} module={module} choices={choices} candidateTimeZone={candidateTimeZone} />
        ))}
        {failure && (
          <Alert color="red" variant="light" title="The schedule was not saved">
            {failure}
          </Alert>
        )}
        <OverrideReasonField state={override} disabled={isSending} />
        <Group>
          <Button type="submit" loading={isSending}>
            Save schedule
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
