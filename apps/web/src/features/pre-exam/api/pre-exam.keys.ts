import type { PreExamType } from '@certs/shared/pre-exam/pre-exam.contract';

/** Query keys of the pre-exam stage. */
export const preExamKeys = {
  all: ['pre-exam'] as const,
  view: (type: PreExamType, applicationId: string) => [...preExamKeys.all, 'view', type, applicationId] as const,
  couponQuote: (programId: string, applicantId: string, code: string, subtotalCents: number) => [...preExamKeys.all, 'coupon-quote', programId, applicantId, code, subtotalCents] as const,
};
