import { DEFAULT_TIME_ZONE, isOfferedTimeZone, type OfferedTimeZone } from '@certs/shared/common/dates';
import {
  EXAM_KINDS,
  scheduleRowIssues,
  type ExamKind,
  type ScheduleField,
  type ScheduleModuleRequest,
  type ScheduledModule,
} from '@certs/shared/exam-schedule/exam-schedule.contract';

/** One module's row of the schedule form, as typed. */
export interface ScheduleRowValues {
  applicationModuleId: string;
  examKind: ExamKind | '';
  /** YYYY-MM-DD */
  day: string;
  /** HH:mm */
  time: string;
  scheduleTimeZone: OfferedTimeZone;
  durationMinutes: string;
  /** One choice for the place: `venue:<id>`, `centre:<id>` or empty. */
  place: string;
  examinerId: string;
  invigilatorId: string;
  examDefinitionId: string;
  scheduleNote: string;
  /** Whether an Online sitting is recorded (camera, screen, keystrokes). */
  recordExam: boolean;
}

export type ScheduleRowField = keyof Omit<ScheduleRowValues, 'applicationModuleId' | 'recordExam'>;

const isExamKind = (value: string): value is ExamKind => (EXAM_KINDS as readonly string[]).includes(value);

/**
 * Whether the row starts recorded (issue 19): the module's own setting once it has one; an
 * invigilated module's first online schedule is proposed recorded; otherwise what the saved test says.
 */
export function proposedRecording(module: Pick<ScheduledModule, 'recordExam' | 'invigilated' | 'examKind' | 'scheduledAt' | 'examDefinition'>, tests: readonly { id: string; recordExam: boolean }[]): boolean {
  if (module.recordExam !== null) return module.recordExam;
  const isScheduledOnline = module.examKind === 'Online' && module.scheduledAt !== null;
  if (!isScheduledOnline && module.invigilated) return true;
  return tests.find((t) => t.id === module.examDefinition?.id)?.recordExam ?? false;
}

/** The row as saved, or empty with the module's own examination type and the awarding body's zone. */
export function initialRowValues(module: ScheduledModule, tests: readonly { id: string; recordExam: boolean }[] = [], defaultZone: string = DEFAULT_TIME_ZONE): ScheduleRowValues {
  const [day = '', time = ''] = (module.scheduledLocal ?? '').split('T');
  const fallback = isOfferedTimeZone(defaultZone) ? defaultZone : DEFAULT_TIME_ZONE;
  const zone = module.scheduleTimeZone && isOfferedTimeZone(module.scheduleTimeZone) ? module.scheduleTimeZone : fallback;
  const place = module.testCentre ? `centre:${module.testCentre.id}` : module.venue ? `venue:${module.venue.id}` : '';
  return {
    applicationModuleId: module.id,
    examKind: module.examKind ?? (isExamKind(module.examinationType) ? module.examinationType : ''),
    day,
    time,
    scheduleTimeZone: zone,
    durationMinutes: module.durationMinutes === null ? '' : String(module.durationMinutes),
    place,
    examinerId: module.examiner?.id ?? '',
    invigilatorId: module.invigilator?.id ?? '',
    examDefinitionId: module.examDefinition?.id ?? '',
    scheduleNote: module.scheduleNote,
    recordExam: proposedRecording(module, tests),
  };
}

/** Nothing entered beyond what the form starts with: the row is left out of the save. */
export function isBlankRow(values: ScheduleRowValues): boolean {
  return !values.day && !values.time && !values.durationMinutes.trim() && !values.place && !values.examinerId && !values.invigilatorId && !values.examDefinitionId && !values.scheduleNote.trim();
}

/** The request of one row: wall-clock date and time in its zone, one place, a test for Online only. */
export function rowRequestOf(values: ScheduleRowValues): ScheduleModuleRequest & { durationMinutes: number | null } {
  const duration = values.durationMinutes.trim();
  const [placeKind, placeId = ''] = values.place.split(':');
  const isOnline = values.examKind === 'Online';
  return {
    applicationModuleId: values.applicationModuleId,
    examKind: values.examKind || null,
    // Half a date and time is no date and time: the rule asks for the missing half.
    scheduledLocal: values.day && values.time ? `${values.day}T${values.time}` : null,
    scheduleTimeZone: values.scheduleTimeZone,
    durationMinutes: duration === '' ? null : Number(duration),
    venueId: placeKind === 'venue' && placeId ? placeId : null,
    testingAgencyId: placeKind === 'centre' && placeId ? placeId : null,
    examinerId: values.examinerId || null,
    invigilatorId: values.invigilatorId || null,
    // A test chosen before the kind changed away from Online is not sent.
    examDefinitionId: isOnline ? values.examDefinitionId || null : null,
    scheduleNote: values.scheduleNote.trim(),
    // Recording is of online sittings only; another kind leaves the module's setting as it was.
    ...(isOnline ? { recordExam: values.recordExam } : {}),
  };
}

/** Where a rule's message shows in the row: the date, or the time when only that is missing. */
function formFieldOf(field: ScheduleField | 'testingAgencyId', values: ScheduleRowValues): ScheduleRowField {
  if (field === 'scheduledLocal') return values.day && !values.time ? 'time' : 'day';
  if (field === 'venueId' || field === 'testingAgencyId') return 'place';
  return field;
}

/** The shared rules of one row (the server runs the same), at the form's fields. */
export function rowErrorsOf(values: ScheduleRowValues, module: Pick<ScheduledModule, 'invigilated'>, now: Date): Partial<Record<ScheduleRowField, string>> {
  const errors: Partial<Record<ScheduleRowField, string>> = {};
  const request = rowRequestOf(values);
  const issues = scheduleRowIssues(
    {
      examKind: request.examKind ?? null,
      scheduledLocal: request.scheduledLocal ?? null,
      scheduleTimeZone: values.scheduleTimeZone,
      durationMinutes: request.durationMinutes,
      venueId: request.venueId ?? null,
      testingAgencyId: request.testingAgencyId ?? null,
      examinerId: request.examinerId ?? null,
      invigilatorId: request.invigilatorId ?? null,
      examDefinitionId: request.examDefinitionId ?? null,
    },
    module,
    now,
  );
  for (const [field, message] of Object.entries(issues) as [ScheduleField, string][]) errors[formFieldOf(field, values)] ??= message;
  return errors;
}

/**
 * The save: every row with something entered, checked by the shared rules. Errors are keyed as
 * the form keys them (`rows.<index>.<field>`); a blank row is skipped, so modules can be scheduled
 * one at a time.
 */
export function scheduleSaveOf(rows: ScheduleRowValues[], modules: readonly Pick<ScheduledModule, 'id' | 'invigilated'>[], now: Date) {
  const errors: Record<string, string> = {};
  const sent: { index: number; request: ReturnType<typeof rowRequestOf> }[] = [];
  rows.forEach((values, index) => {
    if (isBlankRow(values)) return;
    const module = modules.find((m) => m.id === values.applicationModuleId);
    for (const [field, message] of Object.entries(rowErrorsOf(values, { invigilated: module?.invigilated ?? false }, now))) errors[`rows.${index}.${field}`] = message;
    sent.push({ index, request: rowRequestOf(values) });
  });
  return { modules: sent.map((s) => s.request), sentIndexes: sent.map((s) => s.index), errors };
}

/** The server's `modules.<n>.<field>` errors at the form's rows and fields. */
export function formErrorsOfServer(fieldErrors: Record<string, string>, sentIndexes: readonly number[], rows: readonly ScheduleRowValues[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [key, message] of Object.entries(fieldErrors)) {
    const match = /^modules\.(\d+)\.(\w+)$/.exec(key);
    const rowIndex = match ? sentIndexes[Number(match[1])] : undefined;
    const values = rowIndex === undefined ? undefined : rows[rowIndex];
    if (!match || rowIndex === undefined || !values) continue;
    const field = match[2] as ScheduleField | 'testingAgencyId' | 'applicationModuleId';
    errors[`rows.${rowIndex}.${field === 'applicationModuleId' ? 'examKind' : formFieldOf(field, values)}`] = message;
  }
  return errors;
}
