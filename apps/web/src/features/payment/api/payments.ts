import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { InvoiceList, type Invoice } from '@certs/shared/pre-exam/pre-exam.contract';
import {
  Payment,
  PaymentList,
  PaymentReportPage,
  PaymentReportPrograms,
  PaymentRequestResponse,
  ResendPaymentLinkResponse,
  TestGatewayCompleteResponse,
  TestGatewaySession,
  TrackerData,
  type StaffPaymentType,
  type PaymentReportQuery,
  type PaymentVerifiedRequest,
} from '@certs/shared/payment/payment.contract';
import { apiRequest } from '../../../lib/api-client';

const BASE = '/api/paymentgateway';

export type ReportFilters = Omit<PaymentReportQuery, 'page' | 'pageSize'>;

/** Query keys of payments. */
export const paymentKeys = {
  all: ['payments'] as const,
  tracker: (trackerId: string) => [...paymentKeys.all, 'tracker', trackerId] as const,
  byApplication: (applicationId: string) => [...paymentKeys.all, 'application', applicationId] as const,
  invoices: (applicationId: string) => [...paymentKeys.all, 'invoices', applicationId] as const,
  report: (query: PaymentReportQuery) => [...paymentKeys.all, 'report', query] as const,
  testSession: (sessionId: string) => ['test-gateway', sessionId] as const,
};

export function findTrackerData(trackerId: string, signal?: AbortSignal): Promise<TrackerData> {
  return apiRequest(`${BASE}/payment/${encodeURIComponent(trackerId)}/trackerdata`, { schema: TrackerData, signal });
}

/** The pay page: what is owed and where the payment stands. */
export function useTrackerData(trackerId: string) {
  return useQuery({ queryKey: paymentKeys.tracker(trackerId), queryFn: ({ signal }) => findTrackerData(trackerId, signal) });
}

export function requestPayment(trackerId: string): Promise<PaymentRequestResponse> {
  return apiRequest(`${BASE}/request/${encodeURIComponent(trackerId)}`, { method: 'POST', schema: PaymentRequestResponse });
}

/** Back from the gateway: the server asks the gateway again and settles. */
export function afterPayment(trackerId: string): Promise<TrackerData> {
  return apiRequest(`${BASE}/afterpayment/callback`, { method: 'POST', body: { trackerId }, schema: TrackerData });
}

export function afterZeroPayment(trackerId: string): Promise<TrackerData> {
  return apiRequest(`${BASE}/afterzeropayment/callback`, { method: 'POST', body: { trackerId }, schema: TrackerData });
}

/** A call that answers with the pay page's data, kept in the cache. */
export function useTrackerMutation(trackerId: string, call: (trackerId: string) => Promise<TrackerData>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(trackerId),
    onSuccess: (data) => {
      queryClient.setQueryData(paymentKeys.tracker(trackerId), data);
      return queryClient.invalidateQueries({ queryKey: [...paymentKeys.all, 'application', data.applicationId] });
    },
  });
}

export function findApplicationPayments(applicationId: string, signal?: AbortSignal): Promise<Payment[]> {
  return apiRequest(`${BASE}/payment/byapplication/${encodeURIComponent(applicationId)}`, { schema: PaymentList, signal });
}

export function useApplicationPayments(applicationId: string, enabled = true) {
  return useQuery({ queryKey: paymentKeys.byApplication(applicationId), queryFn: ({ signal }) => findApplicationPayments(applicationId, signal), enabled });
}

/** The application's tax invoices (issued at the pre-exam stage). */
export function findApplicationInvoices(applicationId: string, signal?: AbortSignal): Promise<Invoice[]> {
  return apiRequest(`/api/invoice/byapplication/${encodeURIComponent(applicationId)}`, { schema: InvoiceList, signal });
}

export function useApplicationInvoices(applicationId: string, enabled = true) {
  return useQuery({ queryKey: paymentKeys.invoices(applicationId), queryFn: ({ signal }) => findApplicationInvoices(applicationId, signal), enabled });
}

/** `id` is the application's, or for `aicipapplicationrenewalmodule` the renewal's. */
export function resendPaymentLink(moduleType: StaffPaymentType, id: string, note?: string) {
  return apiRequest(`/api/${moduleType}/${encodeURIComponent(id)}/resend/payment/link`, { method: 'POST', body: note ? { note } : {}, schema: ResendPaymentLinkResponse });
}

export function verifyOfflinePayment(moduleType: StaffPaymentType, id: string, request: PaymentVerifiedRequest): Promise<Payment> {
  return apiRequest(`/api/${moduleType}/${encodeURIComponent(id)}/payment/verified`, { method: 'POST', body: request, schema: Payment });
}

/**
 * Staff actions on an invoice's payment; afterwards the application's payments and invoices are
 * read again. `id` is what the route takes (the renewal's id for a renewal's modules).
 */
export function useStaffPaymentActions(moduleType: StaffPaymentType, applicationId: string, onMoved?: () => void, id: string = applicationId) {
  const queryClient = useQueryClient();
  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: paymentKeys.byApplication(applicationId) }),
      queryClient.invalidateQueries({ queryKey: paymentKeys.invoices(applicationId) }),
    ]);
    onMoved?.();
  };
  const resend = useMutation({ mutationFn: (note?: string) => resendPaymentLink(moduleType, id, note), onSettled: refresh });
  const verify = useMutation({ mutationFn: (request: PaymentVerifiedRequest) => verifyOfflinePayment(moduleType, id, request), onSettled: refresh });
  return { resend, verify };
}

export function findPaymentReport(query: PaymentReportQuery, signal?: AbortSignal): Promise<PaymentReportPage> {
  return apiRequest(`${BASE}/all/reports`, { query: { ...query }, schema: PaymentReportPage, signal });
}

export function usePaymentReport(query: PaymentReportQuery) {
  return useQuery({ queryKey: paymentKeys.report(query), queryFn: ({ signal }) => findPaymentReport(query, signal), placeholderData: keepPreviousData });
}

/** The test gateway's hosted page (no session: the signed token in the link is the proof). */
export function findTestGatewaySession(sessionId: string, token: string, signal?: AbortSignal): Promise<TestGatewaySession> {
  return apiRequest(`/unauth/testgateway/session/${encodeURIComponent(sessionId)}`, { query: { token }, schema: TestGatewaySession, signal });
}

export function useTestGatewaySession(sessionId: string, token: string) {
  return useQuery({ queryKey: paymentKeys.testSession(sessionId), queryFn: ({ signal }) => findTestGatewaySession(sessionId, token, signal), enabled: !!token, retry: false });
}

export function completeTestGatewaySession(sessionId: string, token: string, outcome: 'paid' | 'declined') {
  return apiRequest(`/unauth/testgateway/session/${encodeURIComponent(sessionId)}/complete`, { method: 'POST', body: { token, outcome }, schema: TestGatewayCompleteResponse });
}

export function findReportPrograms(signal?: AbortSignal): Promise<PaymentReportPrograms> {
  return apiRequest(`${BASE}/all/reports/programs`, { schema: PaymentReportPrograms, signal });
}

export function useReportPrograms() {
  return useQuery({ queryKey: [...paymentKeys.all, 'report-programs'], queryFn: ({ signal }) => findReportPrograms(signal) });
}
