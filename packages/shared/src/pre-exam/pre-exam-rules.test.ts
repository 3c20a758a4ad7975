import { describe, expect, it } from 'vitest';
import { PRE_EXAM_MESSAGES, PreExamUpdateRequest, hasReachedPreExam, preExamTypeOf, selectionErrors } from './pre-exam.contract';
import {
  capDiscount,
  feeBasisOf,
  feeLinesOf,
  formatGstRate,
  formatInvoiceNumber,
  formatMoney,
  gstBasisPointsOf,
  gstContained,
  invoiceTotalsOf,
  todayInSydney,
  type ChosenModule,
  type MembershipFacts,
} from './pre-exam-rules';

describe('the fee basis: member fees only for a confirmed, current membership', () => {
  const confirmed = '2026-01-10T00:00:00.000Z';
  const table: [string, MembershipFacts, string, 'member' | 'nonMember'][] = [
    ['no membership', { membershipType: 'none', membershipConfirmedOn: null, memberCurrentUntil: null }, '2026-06-01', 'nonMember'],
    ['declared but not confirmed by staff', { membershipType: 'individual', membershipConfirmedOn: null, memberCurrentUntil: '2027-01-01' }, '2026-06-01', 'nonMember'],
    ['confirmed, current until a later day', { membershipType: 'individual', membershipConfirmedOn: confirmed, memberCurrentUntil: '2026-12-31' }, '2026-06-01', 'member'],
    ['confirmed, current until today (the last day still counts)', { membershipType: 'corporate', membershipConfirmedOn: confirmed, memberCurrentUntil: '2026-06-01' }, '2026-06-01', 'member'],
    ['confirmed, lapsed yesterday', { membershipType: 'individual', membershipConfirmedOn: confirmed, memberCurrentUntil: '2026-05-31' }, '2026-06-01', 'nonMember'],
    ['confirmed with no end date', { membershipType: 'individual', membershipConfirmedOn: confirmed, memberCurrentUntil: null }, '2026-06-01', 'member'],
    ['confirmed once, then the type was set back to none', { membershipType: 'none', membershipConfirmedOn: confirmed, memberCurrentUntil: null }, '2026-06-01', 'nonMember'],
  ];
  it.each(table)('%s', (_name, membership, today, basis) => {
    expect(feeBasisOf(membership, today)).toBe(basis);
  });

  it("judges today in Sydney: 30 June 14:30 UTC is already 1 July there", () => {
    expect(todayInSydney(new Date('2026-06-30T14:30:00Z'))).toBe('2026-07-01');
    expect(todayInSydney(new Date('2026-06-30T13:59:00Z'))).toBe('2026-06-30');
    // Daylight saving (AEDT, UTC+11): 31 Dec 13:00 UTC is New Year's Day.
    expect(todayInSydney(new Date('2026-12-31T13:00:00Z'))).toBe('2027-01-01');
  });
});

describe('fee lines', () => {
  const modules: ChosenModule[] = [
    { programModuleId: 'm1', moduleCode: 'IWI-M1', moduleTitle: 'Processes', memberFeeCents: 45000, nonMemberFeeCents: 60000, choice: 'required' },
    { programModuleId: 'm2', moduleCode: 'IWI-M2', moduleTitle: 'Materials', memberFeeCents: 30000, nonMemberFeeCents: 40000, choice: 'notTaken' },
    { programModuleId: 'm3', moduleCode: 'IWI-M3', moduleTitle: 'Inspection', memberFeeCents: 25050, nonMemberFeeCents: 33399, choice: 'optional' },
  ];

  it('has one line per module taken, in program order, at the member fee', () => {
    expect(feeLinesOf(modules, 'member')).toEqual([
      { programModuleId: 'm1', moduleCode: 'IWI-M1', moduleTitle: 'Processes', feeBasis: 'member', isRequired: true, amountCents: 45000 },
      { programModuleId: 'm3', moduleCode: 'IWI-M3', moduleTitle: 'Inspection', feeBasis: 'member', isRequired: false, amountCents: 25050 },
    ]);
  });

  it('uses the non-member fee for a non-member', () => {
    expect(feeLinesOf(modules, 'nonMember').map((l) => l.amountCents)).toEqual([60000, 33399]);
  });
});

describe('GST contained in a GST-inclusive total', () => {
  const table: [number, number, number][] = [
    // total cents, rate basis points, GST cents
    [123400, 1000, 11218], // $1,234.00 contains $112.18 (one eleventh, rounded)
    [110000, 1000, 10000],
    [100, 1000, 9], // 9.09 -> 9
    [5, 1000, 0], // 0.45 -> 0
    [6, 1000, 1], // 0.545 -> 1
    [0, 1000, 0],
    [112500, 1250, 12500], // 12.5 %: one ninth
    [99999, 0, 0], // no GST
    [-500, 1000, 0], // never negative
  ];
  it.each(table)('%i cents at %i bp contains %i cents', (total, rate, gst) => {
    expect(gstContained(total, rate)).toBe(gst);
  });

  it('reads a configured percentage as basis points', () => {
    expect(gstBasisPointsOf(10)).toBe(1000);
    expect(gstBasisPointsOf(12.5)).toBe(1250);
    expect(gstBasisPointsOf(0)).toBe(0);
    expect(formatGstRate(1000)).toBe('10%');
    expect(formatGstRate(1250)).toBe('12.5%');
  });
});

describe('the discount and the totals', () => {
  const table: [string, number, number, number][] = [
    ['no discount', 0, 50000, 0],
    ['a discount below the subtotal', 12345, 50000, 12345],
    ['a discount above the subtotal is capped: the total never goes below zero', 80000, 50000, 50000],
    ['a negative discount counts as none', -100, 50000, 0],
    ['nothing to discount', 1000, 0, 0],
  ];
  it.each(table)('%s', (_name, discount, subtotal, capped) => {
    expect(capDiscount(discount, subtotal)).toBe(capped);
  });

  it('gives the subtotal, the capped discount, the total and the GST in the total', () => {
    expect(invoiceTotalsOf([{ amountCents: 60000 }, { amountCents: 73400 }], 10000, 1000)).toEqual({ subtotalCents: 133400, discountCents: 10000, totalCents: 123400, gstCents: 11218 });
    expect(invoiceTotalsOf([{ amountCents: 20000 }], 50000, 1000)).toEqual({ subtotalCents: 20000, discountCents: 20000, totalCents: 0, gstCents: 0 });
    expect(invoiceTotalsOf([], 0, 1000)).toEqual({ subtotalCents: 0, discountCents: 0, totalCents: 0, gstCents: 0 });
  });
});

describe('formats', () => {
  it.each([
    [1, 'INV-000001'],
    [123, 'INV-000123'],
    [999999, 'INV-999999'],
    [1000000, 'INV-1000000'],
  ])('invoice number %i is %s', (n, text) => {
    expect(formatInvoiceNumber(n)).toBe(text);
  });

  it.each([
    [0, '$0.00'],
    [5, '$0.05'],
    [123400, '$1,234.00'],
    [11218, '$112.18'],
    [123456789, '$1,234,567.89'],
    [-2550, '-$25.50'],
  ])('%i cents reads %s', (cents, text) => {
    expect(formatMoney(cents)).toBe(text);
  });

  it('prints each account\'s prefix, and INV where an invoice carries none', () => {
    expect(formatInvoiceNumber(7, 'NZWB')).toBe('NZWB-000007');
    expect(formatInvoiceNumber(7, undefined)).toBe('INV-000007');
    expect(formatInvoiceNumber(7, '')).toBe('INV-000007');
  });

  it.each([
    [128000, 'AUD', '$1,280.00'],
    [128000, undefined, '$1,280.00'],
    [128000, 'NZD', 'NZ$1,280.00'],
    [128000, 'nzd', 'NZ$1,280.00'],
    [-2550, 'NZD', '-NZ$25.50'],
    [128000, 'USD', '$1,280.00 USD'],
  ])('%i cents in %s reads %s: New Zealand dollars never pass for Australian ones', (cents, currency, text) => {
    expect(formatMoney(cents, currency)).toBe(text);
  });
});

describe('the selection rules (form and API alike)', () => {
  const a = '11111111-1111-4111-8111-111111111111';
  const b = '22222222-2222-4222-8222-222222222222';
  it.each([
    ['one required module', [{ programModuleId: a, choice: 'required' as const }], {}],
    ['one optional module only', [{ programModuleId: a, choice: 'optional' as const }], {}],
    ['every module not taken', [{ programModuleId: a, choice: 'notTaken' as const }, { programModuleId: b, choice: 'notTaken' as const }], { modules: PRE_EXAM_MESSAGES.chooseModule }],
    ['nothing chosen', [], { modules: PRE_EXAM_MESSAGES.chooseModule }],
    ['a module twice', [{ programModuleId: a, choice: 'required' as const }, { programModuleId: a, choice: 'optional' as const }], { modules: PRE_EXAM_MESSAGES.duplicateModule }],
  ])('%s', (_name, modules, errors) => {
    expect(selectionErrors(modules, true)).toEqual(errors);
  });

  it('takes no modules for a certification (its fee is invoiced)', () => {
    expect(selectionErrors([], false)).toEqual({});
    expect(selectionErrors([{ programModuleId: a, choice: 'required' }], false)).toEqual({ modules: PRE_EXAM_MESSAGES.noModulesForType });
  });

  it('reads the request: unknown fields refused, the code trimmed and upper-cased, blank is none', () => {
    expect(PreExamUpdateRequest.parse({ modules: [{ programModuleId: a, choice: 'optional' }], couponCode: '  welcome10 ' })).toEqual({ modules: [{ programModuleId: a, choice: 'optional' }], couponCode: 'WELCOME10' });
    expect(PreExamUpdateRequest.parse({ couponCode: '   ' })).toEqual({ modules: [], couponCode: null });
    expect(PreExamUpdateRequest.safeParse({ modules: [], amountCents: 0 }).success).toBe(false);
    expect(PreExamUpdateRequest.safeParse({ modules: [{ programModuleId: a, choice: 'maybe' }] }).error?.issues[0]?.message).toBe(PRE_EXAM_MESSAGES.selectOne);
    expect(PreExamUpdateRequest.safeParse({ couponCode: 'X'.repeat(33) }).error?.issues[0]?.message).toBe(PRE_EXAM_MESSAGES.couponMax);
  });
});

describe('where the pre-exam stage applies', () => {
  it('maps application types to the spec path words', () => {
    expect(preExamTypeOf('qualificationapplication')).toBe('qualificationapplicationmodule');
    expect(preExamTypeOf('aicipapplication')).toBe('aicipapplicationmodule');
    expect(preExamTypeOf('certificationapplication')).toBe('certificationapplication');
    expect(preExamTypeOf('welderqualificationapplication')).toBe('welderqualificationapplication');
  });

  it.each([
    ['Being Assessed', null, false],
    ['Assessment Completed', null, true],
    ['Examinations Stage', 'Payment Stage Requested', true],
    ['Failed', null, false],
    ['Failed', 'Exam Modules Evaluation Completed', true],
  ] as const)('%s (%s): %s', (status, stage, reached) => {
    expect(hasReachedPreExam(status, stage)).toBe(reached);
  });
});
