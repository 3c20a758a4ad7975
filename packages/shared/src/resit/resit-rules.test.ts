import { describe, expect, it } from 'vitest';
import { RESIT_ACTIONS, RESIT_STAGES, effectiveResultOf, isResitOpen, isUnderResitCap, resitFeeOf, resitTargetOf, resitTypeOf } from './resit-rules';

describe('the re-sit stage table', () => {
  it('moves one stage at a time, in the order of spec section 4', () => {
    expect(resitTargetOf('paymentVerified', 'Resit Applied')).toBe('Resit Payment Verified');
    expect(resitTargetOf('sendExamination', 'Resit Payment Verified')).toBe('Resit Examination');
    expect(resitTargetOf('submitAssessment', 'Resit Examination')).toBe('Resit Examination Assessment');
    expect(resitTargetOf('submitResult', 'Resit Examination Assessment')).toBe('Resit Result');
  });

  it('sends again after a change, but never skips or goes back', () => {
    expect(resitTargetOf('sendExamination', 'Resit Examination')).toBe('Resit Examination');
    expect(resitTargetOf('submitResult', 'Resit Payment Verified')).toBeNull();
    expect(resitTargetOf('submitAssessment', 'Resit Applied')).toBeNull();
    expect(resitTargetOf('paymentVerified', 'Resit Result')).toBeNull();
    // Every action leads forward from each of its sources, and nothing leaves Resit Result.
    for (const action of RESIT_ACTIONS) {
      for (const from of RESIT_STAGES) {
        const to = resitTargetOf(action, from);
        if (to) expect(RESIT_STAGES.indexOf(to)).toBeGreaterThanOrEqual(RESIT_STAGES.indexOf(from));
      }
      expect(resitTargetOf(action, 'Resit Result')).toBeNull();
    }
  });

  it('a re-sit is open until its result', () => {
    expect(RESIT_STAGES.filter(isResitOpen)).toEqual(['Resit Applied', 'Resit Payment Verified', 'Resit Examination', 'Resit Examination Assessment']);
  });

  it('knows the two words and their application types', () => {
    expect(resitTypeOf('qualificationapplication')).toBe('qualificationapplicationresitmodule');
    expect(resitTypeOf('aicipapplication')).toBe('aicipapplicationresitmodule');
    expect(resitTypeOf('certificationapplication')).toBeNull();
  });
});

describe('fees and the cap', () => {
  const module = { reSitMemberFeeCents: 9000, reSitNonMemberFeeCents: 11000 };

  it('charges the re-sit member fee to members and the non-member fee otherwise', () => {
    expect(resitFeeOf(module, 'member')).toBe(9000);
    expect(resitFeeOf(module, 'nonMember')).toBe(11000);
    expect(resitFeeOf({ reSitMemberFeeCents: null, reSitNonMemberFeeCents: 0 }, 'member')).toBeNull();
    expect(resitFeeOf({ reSitMemberFeeCents: null, reSitNonMemberFeeCents: 0 }, 'nonMember')).toBe(0);
  });

  it('counts every earlier re-sit against the cap; no cap is unlimited', () => {
    expect(isUnderResitCap(0, 1)).toBe(true);
    expect(isUnderResitCap(1, 1)).toBe(false);
    expect(isUnderResitCap(1, 2)).toBe(true);
    expect(isUnderResitCap(50, null)).toBe(true);
  });

  it('the latest decided re-sit result counts; the first sitting otherwise', () => {
    expect(effectiveResultOf('Fail', [])).toBe('Fail');
    expect(effectiveResultOf('Fail', [{ attempt: 1, result: 'Pass', stage: 'Resit Examination Assessment' }])).toBe('Fail');
    expect(
      effectiveResultOf('Fail', [
        { attempt: 2, result: 'Pass', stage: 'Resit Result' },
        { attempt: 1, result: 'Fail', stage: 'Resit Result' },
      ]),
    ).toBe('Pass');
  });
});
