import { describe, expect, it } from 'vitest';
import { COUPON_MESSAGES as M, CouponRequest, couponStateOf, discountCentsOf, discountText, type CouponRequest as CouponRequestInput } from './coupon.contract';

const valid: CouponRequestInput = {
  code: ' spring-25 ',
  description: 'Spring intake',
  discountType: 'percentage',
  discountValue: '12.5',
  appliesTo: 'programType',
  programType: 1,
  programId: null,
  validFrom: '2026-03-01T00:00:00.000Z',
  validTo: '2026-03-31T00:00:00.000Z',
  usageLimit: '10',
  active: true,
};

function fieldErrors(input: unknown): Record<string, string> {
  const result = CouponRequest.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  // The first message of each field, as the form shows it.
  for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

describe('the discount code form', () => {
  it('reads a code upper-case, percent as basis points and dollars as cents', () => {
    const parsed = CouponRequest.parse(valid);
    expect(parsed).toMatchObject({ code: 'SPRING-25', discountValue: 1250, programType: 1, programId: null, usageLimit: 10 });
    expect(CouponRequest.parse({ ...valid, discountType: 'fixed', discountValue: 49.99, usageLimit: '' })).toMatchObject({ discountValue: 4999, usageLimit: null });
  });

  it('keeps only the scope chosen', () => {
    const programId = '0b7c4d0e-8a4c-4a55-9a53-2f4f3d1c2b11';
    expect(CouponRequest.parse({ ...valid, appliesTo: 'program', programId, programType: 2 })).toMatchObject({ programId, programType: null });
  });

  it('says every problem at once, at its field', () => {
    expect(
      fieldErrors({ ...valid, code: 'a!', discountValue: '150', appliesTo: 'program', programId: null, validTo: '2026-02-01T00:00:00.000Z', usageLimit: '0' }),
    ).toEqual({
      code: M.codeLength,
      discountValue: M.percentageInvalid,
      programId: M.programRequired,
      validTo: M.validToAfterFrom,
      usageLimit: M.usageLimitInvalid,
    });
    expect(fieldErrors({ ...valid, code: 'ab$cd', discountType: 'fixed', discountValue: '0', appliesTo: 'programType', programType: null, validFrom: '' })).toEqual({
      code: M.codePattern,
      discountValue: M.amountInvalid,
      programType: M.programTypeRequired,
      validFrom: M.validFromRequired,
    });
    expect(fieldErrors({ ...valid, discountValue: '10.555' })).toEqual({ discountValue: M.percentageInvalid });
    expect(fieldErrors({ ...valid, code: '' })).toEqual({ code: M.codeRequired });
    expect(fieldErrors({ ...valid, extra: 1 })).toHaveProperty('');
  });
});

describe('discounts', () => {
  it('round a percentage to the cent and never exceed the subtotal', () => {
    expect(discountCentsOf('percentage', 1250, 33333)).toBe(4167);
    expect(discountCentsOf('percentage', 10000, 20000)).toBe(20000);
    expect(discountCentsOf('fixed', 50000, 20000)).toBe(20000);
    expect(discountCentsOf('fixed', 5000, 20000)).toBe(5000);
    expect(discountCentsOf('fixed', 5000, 0)).toBe(0);
  });

  it('read as percent or dollars', () => {
    expect(discountText('percentage', 1250)).toBe('12.5 %');
    expect(discountText('percentage', 1500)).toBe('15 %');
    expect(discountText('fixed', 5000)).toBe('$50.00');
  });

  it('show the state a code is in', () => {
    const base = { active: true, validFrom: '2026-03-01T00:00:00Z', validTo: '2026-03-31T00:00:00Z', usageLimit: 2, usedCount: 0 };
    expect(couponStateOf(base, new Date('2026-03-10T00:00:00Z'))).toBe('Active');
    expect(couponStateOf(base, new Date('2026-02-10T00:00:00Z'))).toBe('Scheduled');
    expect(couponStateOf(base, new Date('2026-04-10T00:00:00Z'))).toBe('Expired');
    expect(couponStateOf({ ...base, usedCount: 2 }, new Date('2026-03-10T00:00:00Z'))).toBe('Used up');
    expect(couponStateOf({ ...base, active: false }, new Date('2026-03-10T00:00:00Z'))).toBe('Inactive');
  });
});
