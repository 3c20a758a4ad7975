import { describe, expect, it } from 'vitest';
import { SCHEDULE_MESSAGES, type ScheduledModule } from '@certs/shared/exam-schedule/exam-schedule.contract';
import { parseTypedDay } from '../../../lib/typed-day';
import { formErrorsOfServer, initialRowValues, isBlankRow, proposedRecording, rowErrorsOf, rowRequestOf, scheduleSaveOf, type ScheduleRowValues } from './schedule-form-logic';

const NOW = new Date('2026-06-01T00:00:00Z');
const ID = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

function moduleOf(overrides: Partial<ScheduledModule> = {}): ScheduledModule {
  return {
    id: ID(1),
    programModuleId: ID(9),
    moduleCode: 'M1',
    moduleTitle: 'Welding processes',
    examinationType: 'Online',
    invigilated: false,
    passPercentage: 70,
    isRequired: true,
    examKind: null,
    scheduledAt: null,
    scheduleTimeZone: null,
    scheduledLocal: null,
    durationMinutes: null,
    venue: null,
    testCentre: null,
    examiner: null,
    invigilator: null,
    examDefinition: null,
    recordExam: null,
    scheduleNote: '',
    isScheduleComplete: false,
    scheduleSentOn: null,
    hasTakenPlace: false,
    result: null,
    resultPercentage: null,
    resultNotes: '',
    resultEvidence: null,
    resultEnteredOn: null,
    resultEnteredBy: null,
    resultSource: null,
    canEnterResult: false,
    ...overrides,
  };
}

function practical(overrides: Partial<ScheduleRowValues> = {}): ScheduleRowValues {
  return {
    applicationModuleId: ID(2),
    examKind: 'Practical',
    day: '2026-11-21',
    time: '09:30',
    scheduleTimeZone: 'Australia/Melbourne',
    durationMinutes: '180',
    place: `venue:${ID(5)}`,
    examinerId: ID(6),
    invigilatorId: '',
    examDefinitionId: '',
    scheduleNote: '',
    recordExam: false,
    ...overrides,
  };
}

describe('the schedule form rows', () => {
  it("start from the module's own kind in Sydney, or from what was saved", () => {
    expect(initialRowValues(moduleOf())).toMatchObject({ examKind: 'Online', day: '', time: '', scheduleTimeZone: 'Australia/Sydney', place: '', durationMinutes: '' });
    const saved = initialRowValues(
      moduleOf({ examKind: 'Practical', scheduledLocal: '2026-11-21T09:30', scheduleTimeZone: 'Australia/Perth', durationMinutes: 120, testCentre: { id: ID(4), name: 'Hunter', address: 'Newcastle' }, examiner: { id: ID(6), name: 'Eve' } }),
    );
    expect(saved).toMatchObject({ examKind: 'Practical', day: '2026-11-21', time: '09:30', scheduleTimeZone: 'Australia/Perth', durationMinutes: '120', place: `centre:${ID(4)}`, examinerId: ID(6) });
  });

  it("start a new schedule in the awarding body's zone (Auckland for a New Zealand program); a saved one keeps its own", () => {
    expect(initialRowValues(moduleOf(), [], 'Pacific/Auckland').scheduleTimeZone).toBe('Pacific/Auckland');
    expect(initialRowValues(moduleOf({ scheduledLocal: '2026-11-21T09:30', scheduleTimeZone: 'Australia/Perth' }), [], 'Pacific/Auckland').scheduleTimeZone).toBe('Australia/Perth');
    expect(initialRowValues(moduleOf(), [], 'Mars/Olympus').scheduleTimeZone).toBe('Australia/Sydney');
  });

  it("propose recording an invigilated module's first online schedule; otherwise keep the module's setting or follow its test", () => {
    const tests = [
      { id: ID(7), recordExam: true },
      { id: ID(8), recordExam: false },
    ];
    expect(proposedRecording(moduleOf({ invigilated: true }), tests)).toBe(true);
    expect(proposedRecording(moduleOf({ invigilated: false }), tests)).toBe(false);
    // Staff said no: the form keeps it.
    expect(proposedRecording(moduleOf({ invigilated: true, recordExam: false }), tests)).toBe(false);
    expect(proposedRecording(moduleOf({ invigilated: false, recordExam: true }), tests)).toBe(true);
    // Scheduled online before the setting existed: the form shows what the sitting will do, the test's setting.
    const scheduledOnline = { invigilated: true, examKind: 'Online' as const, scheduledAt: '2026-06-02T00:00:00.000Z' };
    expect(proposedRecording(moduleOf({ ...scheduledOnline, examDefinition: { id: ID(8), name: 'Not recorded' } }), tests)).toBe(false);
    expect(proposedRecording(moduleOf({ ...scheduledOnline, examDefinition: { id: ID(7), name: 'Recorded' } }), tests)).toBe(true);
    expect(initialRowValues(moduleOf({ invigilated: true }), tests).recordExam).toBe(true);
  });

  it("send the recording setting of an Online row only: another kind leaves the module's as it was", () => {
    const online = { ...practical(), examKind: 'Online' as const, place: '', examDefinitionId: ID(7), recordExam: true };
    expect(rowRequestOf(online)).toMatchObject({ examKind: 'Online', recordExam: true });
    expect(rowRequestOf({ ...online, recordExam: false })).toMatchObject({ recordExam: false });
    expect(rowRequestOf(practical({ recordExam: true }))).not.toHaveProperty('recordExam');
  });

  it('send one place, wall-clock time in its zone, and a test for Online only', () => {
    expect(rowRequestOf(practical())).toEqual({
      applicationModuleId: ID(2),
      examKind: 'Practical',
      scheduledLocal: '2026-11-21T09:30',
      scheduleTimeZone: 'Australia/Melbourne',
      durationMinutes: 180,
      venueId: ID(5),
      testingAgencyId: null,
      examinerId: ID(6),
      invigilatorId: null,
      examDefinitionId: null,
      scheduleNote: '',
    });
    expect(rowRequestOf(practical({ place: `centre:${ID(4)}` }))).toMatchObject({ venueId: null, testingAgencyId: ID(4) });
    // A test picked while the kind was Online is not sent once the kind changes.
    expect(rowRequestOf(practical({ examDefinitionId: ID(7) })).examDefinitionId).toBeNull();
    expect(rowRequestOf(practical({ examKind: 'Online', examDefinitionId: ID(7) })).examDefinitionId).toBe(ID(7));
  });

  it('show the shared rules at the form fields: the time when only it is missing, the place for venue or centre', () => {
    expect(rowErrorsOf(practical(), { invigilated: false }, NOW)).toEqual({});
    expect(rowErrorsOf(practical({ time: '' }), { invigilated: false }, NOW)).toEqual({ time: SCHEDULE_MESSAGES.dateRequired });
    expect(rowErrorsOf(practical({ day: '', time: '' }), { invigilated: false }, NOW)).toEqual({ day: SCHEDULE_MESSAGES.dateRequired });
    expect(rowErrorsOf(practical({ place: '' }), { invigilated: true }, NOW)).toEqual({ place: SCHEDULE_MESSAGES.placeRequired('Practical'), invigilatorId: SCHEDULE_MESSAGES.invigilatorRequired });
    expect(rowErrorsOf(practical({ day: '2026-10-04', time: '02:30', scheduleTimeZone: 'Australia/Sydney' }), { invigilated: false }, NOW).day).toBe(SCHEDULE_MESSAGES.nonExistentTime('2026-10-04T02:30', 'Australia/Sydney'));
    expect(rowErrorsOf(practical({ durationMinutes: '1.5' }), { invigilated: false }, NOW)).toEqual({ durationMinutes: SCHEDULE_MESSAGES.durationRange });
    expect(rowErrorsOf(practical({ examKind: 'Online', place: '' }), { invigilated: false }, NOW)).toEqual({ examDefinitionId: SCHEDULE_MESSAGES.testRequired });
  });

  it('leave blank rows out of the save, so modules can be scheduled one at a time', () => {
    const blank = initialRowValues(moduleOf());
    expect(isBlankRow(blank)).toBe(true);
    expect(isBlankRow({ ...blank, scheduleNote: 'x' })).toBe(false);
    const save = scheduleSaveOf([blank, practical()], [moduleOf(), moduleOf({ id: ID(2) })], NOW);
    expect(save.errors).toEqual({});
    expect(save.sentIndexes).toEqual([1]);
    expect(save.modules.map((m) => m.applicationModuleId)).toEqual([ID(2)]);
    const wrong = scheduleSaveOf([blank, practical({ examinerId: '' })], [moduleOf(), moduleOf({ id: ID(2) })], NOW);
    expect(wrong.errors).toEqual({ 'rows.1.examinerId': SCHEDULE_MESSAGES.examinerRequired });
  });

  it("put the server's errors on the rows that were sent", () => {
    const rows = [initialRowValues(moduleOf()), practical()];
    expect(formErrorsOfServer({ 'modules.0.examinerId': SCHEDULE_MESSAGES.notAnExaminer, 'modules.0.testingAgencyId': SCHEDULE_MESSAGES.testCentreNotFound }, [1], rows)).toEqual({
      'rows.1.examinerId': SCHEDULE_MESSAGES.notAnExaminer,
      'rows.1.place': SCHEDULE_MESSAGES.testCentreNotFound,
    });
  });

  it('read typed days in the spec formats', () => {
    expect(parseTypedDay('21-Nov-2026')).toBe('2026-11-21');
    expect(parseTypedDay('21/11/2026')).toBe('2026-11-21');
    expect(parseTypedDay('2026-11-21')).toBe('2026-11-21');
    expect(parseTypedDay('31/02/2026')).toBeNull();
    expect(parseTypedDay('soon')).toBeNull();
  });
});
