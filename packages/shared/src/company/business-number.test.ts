import { describe, expect, it } from 'vitest';
import { CompanyRequest, COMPANY_MESSAGES } from './company.contract';
import { businessNumberKindOf, gs1CheckDigit, isValidAbn, isValidNzbn } from './business-number';

describe('ABN check digits (ATO rule: first digit minus 1, weights 10, 1, 3, ..., 19, sum divisible by 89)', () => {
  it("accepts the ATO's example and spacing as people write it", () => {
    expect(isValidAbn('51824753556')).toBe(true);
    expect(isValidAbn('51 824 753 556')).toBe(true);
    expect(isValidAbn('53 004 085 616')).toBe(true);
  });
  it('refuses a changed digit, swapped digits and the wrong length', () => {
    expect(isValidAbn('51824753557')).toBe(false);
    expect(isValidAbn('15824753556')).toBe(false);
    expect(isValidAbn('5182475355')).toBe(false);
    expect(isValidAbn('5182475355a')).toBe(false);
  });
});

describe('NZBN (13 digits, GS1 check digit)', () => {
  it('computes the GS1 check digit of the standard EAN-13 example', () => {
    expect(gs1CheckDigit('400638133393')).toBe(1);
  });
  it('accepts a number whose last digit is its check digit and refuses any other last digit', () => {
    expect(isValidNzbn('9429041535011')).toBe(true);
    expect(isValidNzbn('9429-0415-3501-1')).toBe(true);
    for (let d = 0; d <= 9; d++) if (d !== 1) expect(isValidNzbn(`942904153501${d}`)).toBe(false);
    expect(isValidNzbn('942904153501')).toBe(false);
  });
  it('tells the kind by length', () => {
    expect(businessNumberKindOf('51 824 753 556')).toBe('ABN');
    expect(businessNumberKindOf('9429041535011')).toBe('NZBN');
    expect(businessNumberKindOf('123')).toBeNull();
  });
});

describe('the company form', () => {
  const base = { name: 'Hunter Fabrication', contactEmail: 'coordinator@hunter.example' };
  it('keeps the digits of a valid ABN and allows none', () => {
    expect(CompanyRequest.parse({ ...base, businessNumber: '51 824 753 556' }).businessNumber).toBe('51824753556');
    expect(CompanyRequest.parse(base).businessNumber).toBeNull();
  });
  it('names the kind the length suggests', () => {
    const issue = (businessNumber: string) => CompanyRequest.safeParse({ ...base, businessNumber }).error?.issues[0]?.message;
    expect(issue('51824753557')).toBe(COMPANY_MESSAGES.abnInvalid);
    expect(issue('9429041535012')).toBe(COMPANY_MESSAGES.nzbnInvalid);
    expect(issue('12345')).toBe(COMPANY_MESSAGES.businessNumberInvalid);
  });
  it('requires a contact email and a member number with membership dates, and the end not before the start', () => {
    expect(CompanyRequest.safeParse({ name: 'X', contactEmail: 'nope' }).error?.issues[0]?.message).toBe(COMPANY_MESSAGES.invalidEmail);
    const dates = CompanyRequest.safeParse({ ...base, membershipStartsOn: '2026-05-01', membershipEndsOn: '2026-04-30' }).error?.issues.map((i) => i.message);
    expect(dates).toEqual([COMPANY_MESSAGES.membershipEndBeforeStart, COMPANY_MESSAGES.membershipDatesNeedNumber]);
  });
});
