import { describe, expect, it } from 'vitest';
import { RESULT_MESSAGES } from '@certs/shared/exam-schedule/exam-schedule.contract';
import { initialResultValues, resultsSaveOf } from './results-form';
import { ID, moduleOf } from './results-form.test-data';

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
