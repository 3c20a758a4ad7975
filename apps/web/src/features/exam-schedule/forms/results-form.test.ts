import { describe, expect, it } from 'vitest';
import { RESULT_MESSAGES, type ScheduledModule } from '@certs/shared/exam-schedule/exam-schedule.contract';
import { initialResultValues, resultsSaveOf } from './results-form';

const ID = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

function moduleOf(overrides: Partial<ScheduledModule>): ScheduledModule {
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

describe('the results form', () => {
  it('takes the suggested result from the percentage against the pass mark when none is chosen', () => {
    const module = moduleOf({});
    const pass = resultsSaveOf([{ ...initialResultValues(module), resultPercentage: '75' }], [module]);
    expect(pass.modules).toEqual([{ applicationModuleId: ID(1), result: 'Pass', resultPercentage: '75', resultNotes: '', resultEvidenceId: null }]);
    expect(resultsSaveOf([{ ...initialResultValues(module), resultPercentage: '74.99' }], [module]).modules[0]?.result).toBe('Fail');
    // The examiner's own choice stands against the suggestion.
    expect(resultsSaveOf([{ ...initialResultValues(module), result: 'Pass', resultPercentage: '60' }], [module]).modules[0]?.result).toBe('Pass');
  });

  it('leaves out untouched rows and rows the caller may not enter, and checks the rest with the shared schema', () => {
    const mine = moduleOf({});
    const online = moduleOf({ id: ID(2), moduleCode: 'M1', canEnterResult: false, result: 'Pass', resultSource: 'onlineExam' });
    const save = resultsSaveOf([initialResultValues(mine), initialResultValues(online)], [mine, online]);
    expect(save.modules).toEqual([]);
    const wrong = resultsSaveOf([{ ...initialResultValues(mine), result: 'Absent', resultPercentage: '40' }], [mine]);
    expect(wrong.errors).toEqual({ 'rows.0.resultPercentage': RESULT_MESSAGES.absentNoPercentage });
    expect(resultsSaveOf([{ ...initialResultValues(mine), resultPercentage: '101' }], [mine]).errors).toEqual({ 'rows.0.resultPercentage': RESULT_MESSAGES.percentage });
    expect(resultsSaveOf([{ ...initialResultValues(mine), resultNotes: 'Late' }], [mine]).errors).toEqual({ 'rows.0.result': RESULT_MESSAGES.resultRequired });
  });
});
