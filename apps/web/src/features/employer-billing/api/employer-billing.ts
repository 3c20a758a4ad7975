import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { CompanyInvoice, EMPLOYER_BILLING_PATHS, Nomination, NominationPerson, NominationProgram, type NominateRequest } from '@certs/shared/employer/employer-billing.contract';
import { PaymentRequestResponse } from '@certs/shared/payment/payment.contract';
import { apiRequest } from '../../../lib/api-client';

/** Query keys of what the company pays for (issue 42): nominations and the invoices issued to it. */
export const employerBillingKeys = {
  all: ['employer-billing'] as const,
  nominations: ['employer-billing', 'nominations'] as const,
  people: ['employer-billing', 'people'] as const,
  programs: ['employer-billing', 'programs'] as const,
  invoices: ['employer-billing', 'invoices'] as const,
};

/** The applications the company pays for. */
export function useNominations() {
  return useQuery({ queryKey: employerBillingKeys.nominations, queryFn: ({ signal }) => apiRequest(EMPLOYER_BILLING_PATHS.nominations, { schema: z.array(Nomination), signal }) });
}

/** The company's people the coordinator may nominate (its approved employees); the coordinator's only. */
export function useNominationPeople(enabled: boolean) {
  return useQuery({ queryKey: employerBillingKeys.people, enabled, queryFn: ({ signal }) => apiRequest(EMPLOYER_BILLING_PATHS.nominationPeople, { schema: z.array(NominationPerson), signal }) });
}

/** Every awarding body's published programs; the coordinator's only. */
export function useNominationPrograms(enabled: boolean) {
  return useQuery({ queryKey: employerBillingKeys.programs, enabled, queryFn: ({ signal }) => apiRequest(EMPLOYER_BILLING_PATHS.nominationPrograms, { schema: z.array(NominationProgram), signal }) });
}

export function useNominate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: NominateRequest) => apiRequest(EMPLOYER_BILLING_PATHS.nominations, { method: 'POST', body: request, schema: Nomination }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employerBillingKeys.nominations }),
  });
}

/** The tax invoices issued to the company. */
export function useCompanyInvoices() {
  return useQuery({ queryKey: employerBillingKeys.invoices, queryFn: ({ signal }) => apiRequest(EMPLOYER_BILLING_PATHS.invoices, { schema: z.array(CompanyInvoice), signal }) });
}

/** The coordinator starts paying online: the gateway's page to send the browser to. */
export function payCompanyInvoice(invoiceId: string) {
  return apiRequest(EMPLOYER_BILLING_PATHS.pay(encodeURIComponent(invoiceId)), { method: 'POST', schema: PaymentRequestResponse });
}

/** Back from the gateway: the invoice's payment is asked again; the lists are read again with the answer. */
export function useCheckCompanyInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invoiceId: string) => apiRequest(EMPLOYER_BILLING_PATHS.check(encodeURIComponent(invoiceId)), { method: 'POST', schema: CompanyInvoice }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: employerBillingKeys.all }),
  });
}

/** The tax invoice's PDF, as the server names it. */
export const companyInvoicePdfPath = (invoiceId: string) => EMPLOYER_BILLING_PATHS.invoicePdf(encodeURIComponent(invoiceId));
