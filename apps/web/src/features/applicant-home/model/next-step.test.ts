import { describe, expect, it } from 'vitest';
import type { Payment } from '@certs/shared/payment/payment.contract';
import { nextStepOf, type NextStepInput } from './next-step';
import { award, DAY, NOW, onlineExam, pendingPayment, schedule, sentResit } from './test-data';

const input = (overrides: Partial<NextStepInput>): NextStepInput => ({
  type: 'qualificationapplication',
  status: 'Examinations Stage',
  payments: [],
  examinations: null,
  awards: [],
  now: NOW,
  ...overrides,
});

describe('the next step of an application', () => {
  it('asks for payment of the open invoice first, whatever else is scheduled', () => {
    const step = nextStepOf(input({ payments: [pendingPayment], examinations: schedule([onlineExam]) }));
    expect(step.kind).toBe('pay');
    expect(step.text).toContain('payment of invoice INV-000042');
  });

  it('does not ask for a payment that is settled or whose link has expired', () => {
    const paid: Payment = { ...pendingPayment, status: 'Success', displayedStatus: 'Success', paidOn: new Date(NOW).toISOString() };
    const lapsed: Payment = { ...pendingPayment, expiresOn: new Date(NOW - DAY).toISOString() };
    expect(nextStepOf(input({ payments: [paid, lapsed] })).kind).toBe('wait');
  });

  it('points to the next exam once paid, and says marking is under way once every exam is over', () => {
    const step = nextStepOf(input({ examinations: schedule([onlineExam]) }));
    expect(step).toMatchObject({ kind: 'sitExam', exam: { moduleCode: 'IWI-M1' } });
    const over = nextStepOf(input({ examinations: schedule([{ ...onlineExam, scheduledAt: new Date(NOW - 2 * DAY).toISOString() }]) }));
    expect(over.kind).toBe('wait');
    expect(over.text).toContain('Staff are marking them');
  });

  it('says the schedule comes next when paid and nothing is scheduled yet', () => {
    expect(nextStepOf(input({ examinations: schedule([]) })).text).toContain('Staff are scheduling your examinations');
  });

  it('names the certificate once awarded, and never says "staff will contact you"', () => {
    const step = nextStepOf(input({ status: 'Awarded', awards: [award], examinations: schedule([], { overallResult: 'Awarded', resultRecordedOn: award.awardDate, modules: [] }) }));
    expect(step).toMatchObject({ kind: 'awarded', award: { certificateNumber: 'QWI-2026-0001' } });
    expect(step.text).toContain('certificate QWI-2026-0001');
    for (const status of ['Application Submitted', 'Being Assessed', 'Assessment Completed', 'Failed', 'Applied for review'] as const) {
      expect(nextStepOf(input({ status })).text).not.toMatch(/staff will contact you/i);
    }
  });

  it("says a revalidation fee's payment is what extends the qualification, not staff completing the application", () => {
    const step = nextStepOf(input({ type: 'welderqualificationapplication', status: 'Applied for Revalidation', payments: [pendingPayment] }));
    expect(step.kind).toBe('pay');
    expect(step.text).toBe('Waiting for your payment of invoice INV-000042. Once it is paid, your revalidation takes effect: the qualification is valid for 2 more years.');
  });

  it("names a sent re-sit as the next examination, not the failed first sitting whose window is still open (issue 45)", () => {
    const failed = schedule([{ ...onlineExam, scheduledAt: new Date(NOW - 10 * 60_000).toISOString() }], {
      overallResult: 'Failed',
      resultRecordedOn: new Date(NOW - 5 * 60_000).toISOString(),
      modules: [{ moduleCode: 'IWI-M1', moduleTitle: 'Welding processes', result: 'Fail', resultPercentage: 0 }],
    });
    expect(nextStepOf(input({ status: 'Applied for re-sit', examinations: failed })).text).not.toContain('Your next examination');
    const step = nextStepOf(input({ status: 'Applied for re-sit', examinations: failed, resits: [sentResit] }));
    expect(step).toMatchObject({ kind: 'sitExam', text: 'Your next examination: the re-sit of IWI-M1 Welding processes.', exam: { id: 'resit-1', venue: 'Wollongong Testing Hall', durationMinutes: 120 } });
    // Paid but not yet scheduled, and sat: said in the re-sit's words.
    expect(nextStepOf(input({ status: 'Applied for re-sit', examinations: failed, resits: [{ ...sentResit, stage: 'Resit Payment Verified', scheduleSentOn: null }] })).text).toContain('Staff are scheduling it');
    expect(nextStepOf(input({ status: 'Applied for re-sit', examinations: failed, resits: [{ ...sentResit, stage: 'Resit Examination Assessment' }] })).text).toContain('Staff are recording the result');
  });

  it("says an award on hold with staff's reason, and an expired one as expired (issue 45)", () => {
    const held = nextStepOf(input({ status: 'Awarded OnHold', awards: [{ ...award, status: 'on hold', statusReason: 'Referee statement under review' }] }));
    expect(held.text).toContain('Your award is on hold: the certificate is not valid while it is. Reason: Referee statement under review.');
    const expired = nextStepOf(input({ status: 'Award Withdrawn', awards: [{ ...award, status: 'expired', expiresOn: '2031-11-20' }] }));
    expect(expired.text).toBe('Your award expired on 20-Nov-2031: the certificate is no longer valid.');
  });

  it('asks to finish a draft', () => {
    expect(nextStepOf(input({ status: 'Application Started', payments: [pendingPayment] })).kind).toBe('finishDraft');
  });
});
