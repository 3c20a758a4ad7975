import type { ScheduledModule } from '@certs/shared/exam-schedule/exam-schedule.contract';

/** Test data of the results form's tests: a sent module whose exam has taken place, open to a result. */
export const ID = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

export function moduleOf(overrides: Partial<ScheduledModule>): ScheduledModule {
  return {
    id: ID(1),
    programModuleId: ID(9),
    moduleCode: 'M3',
    moduleTitle: 'Practical inspection',
    examinationType: 'Practical',
    invigilated: false,
    passPercentage: 75,
    isRequired: true,
    examKind: 'Practical',
    scheduledAt: '2026-11-20T23:00:00.000Z',
    scheduleTimeZone: 'Australia/Sydney',
    scheduledLocal: '2026-11-21T10:00',
    durationMinutes: 120,
    venue: { id: ID(5), name: 'Hall' },
    testCentre: null,
    examiner: { id: ID(6), name: 'Eve' },
    invigilator: null,
    examDefinition: null,
    recordExam: null,
    scheduleNote: '',
    isScheduleComplete: true,
    scheduleSentOn: '2026-11-01T00:00:00.000Z',
    hasTakenPlace: true,
    result: null,
    resultPercentage: null,
    resultNotes: '',
    resultEvidence: null,
    resultEnteredOn: null,
    resultEnteredBy: null,
    resultSource: null,
    canEnterResult: true,
    ...overrides,
  };
}
