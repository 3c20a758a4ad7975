import { useQueries } from '@tanstack/react-query';
import type { ApplicationStatus, ApplicationTypePath } from '@certs/shared/application/application-status';
import { MyExaminations, RESULT_STAGE_TYPE_PATHS } from '@certs/shared/exam-schedule/exam-schedule.contract';
import { PaymentList, type Payment } from '@certs/shared/payment/payment.contract';
import { ResitApplicationView, type ResitModule } from '@certs/shared/resit/resit.contract';
import { resitTypeOf, type ResitTypePath } from '@certs/shared/resit/resit-rules';
import { apiRequest } from '../../../lib/api-client';

/**
 * The same query keys as the payment and exam-schedule features use for these reads (a feature
 * does not import another), so the home page, the application page's sections and their
 * invalidations after paying share one cache entry.
 */
export const nextStepKeys = {
  payments: (applicationId: string) => ['payments', 'application', applicationId] as const,
  examinations: (type: ApplicationTypePath, applicationId: string) => ['exam-schedule', 'mine', type, applicationId] as const,
  resits: (word: ResitTypePath, applicationId: string) => ['resits', word, 'application', applicationId] as const,
};

/** The application's payment links (`paymentgateway/payment/byapplication/{id}`). */
export function findPaymentsOf(applicationId: string, signal?: AbortSignal): Promise<Payment[]> {
  return apiRequest(`/api/paymentgateway/payment/byapplication/${encodeURIComponent(applicationId)}`, { schema: PaymentList, signal });
}

/** The applicant's schedule once sent, and the result once recorded (`{type}/{id}/myschedule`). */
export function findExaminationsOf(type: ApplicationTypePath, applicationId: string, signal?: AbortSignal): Promise<MyExaminations> {
  return apiRequest(`/api/${type}/${encodeURIComponent(applicationId)}/myschedule`, { schema: MyExaminations, signal });
}

/** The application's re-sits view (`{word}/resitModules?applicationId`), as the resit feature reads and caches it. */
export function findResitViewOf(word: ResitTypePath, applicationId: string, signal?: AbortSignal): Promise<ResitApplicationView | null> {
  return apiRequest(`/api/${word}/resitModules?applicationId=${encodeURIComponent(applicationId)}`, { schema: ResitApplicationView, signal });
}

export interface ApplicationRef {
  id: string;
  type: ApplicationTypePath;
  status: ApplicationStatus;
}

export interface ApplicationNextStepData {
  payments: Payment[];
  examinations: MyExaminations | null;
  resits: ResitModule[];
  isPending: boolean;
  error: Error | null;
}

const hasSchedule = (type: ApplicationTypePath) => (RESULT_STAGE_TYPE_PATHS as readonly string[]).includes(type);
// A draft has no invoice or schedule yet: nothing to ask.
const isSubmitted = (application: ApplicationRef) => application.status !== 'Application Started';
// A re-sit is sat while the application is Applied for re-sit: only then are its re-sits read.
const resitWordOf = (application: ApplicationRef) => (application.status === 'Applied for re-sit' ? resitTypeOf(application.type) : null);

/** The payments and examinations of each submitted application. */
export function useNextStepData(applications: readonly ApplicationRef[]): ApplicationNextStepData[] {
  const payments = useQueries({
    queries: applications.map((application) => ({
      queryKey: nextStepKeys.payments(application.id),
      queryFn: ({ signal }: { signal: AbortSignal }) => findPaymentsOf(application.id, signal),
      enabled: isSubmitted(application),
    })),
  });
  const examinations = useQueries({
    queries: applications.map((application) => ({
      queryKey: nextStepKeys.examinations(application.type, application.id),
      queryFn: ({ signal }: { signal: AbortSignal }) => findExaminationsOf(application.type, application.id, signal),
      enabled: isSubmitted(application) && hasSchedule(application.type),
    })),
  });
  const resits = useQueries({
    queries: applications.map((application) => {
      const word = resitWordOf(application);
      return {
        // The resit feature's key and data for the same read: one cache entry, refreshed by its steps.
        queryKey: word ? nextStepKeys.resits(word, application.id) : ['resits', 'none', application.id],
        queryFn: ({ signal }: { signal: AbortSignal }) => (word ? findResitViewOf(word, application.id, signal) : Promise.resolve(null)),
        enabled: !!word,
      };
    }),
  });
  return applications.map((application, index) => {
    const paymentQuery = payments[index]!;
    const examQuery = examinations[index]!;
    const resitQuery = resits[index]!;
    const isActive = isSubmitted(application);
    return {
      payments: paymentQuery.data ?? [],
      examinations: examQuery.data ?? null,
      resits: resitQuery.data?.resits ?? [],
      isPending: isActive && (paymentQuery.isPending || (hasSchedule(application.type) && examQuery.isPending) || (!!resitWordOf(application) && resitQuery.isPending)),
      error: paymentQuery.error ?? examQuery.error ?? resitQuery.error ?? null,
    };
  });
}
