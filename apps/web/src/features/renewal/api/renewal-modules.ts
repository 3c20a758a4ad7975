import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  RENEWAL_MODULE_PATH,
  RenewalModuleChoices,
  RenewalModulesView,
  RenewalRules,
  type RenewalModuleSelectionRequest,
  type RenewalResultsRequest,
  type RenewalRulesRequest,
  type RenewalScheduleRequest,
} from '@certs/shared/renewal/renewal-module.contract';
import { Renewal } from '@certs/shared/renewal/renewal.contract';
import { apiRequest } from '../../../lib/api-client';
import { renewalKeys } from './renewal';

/** An AICIP renewal's modules (decision 023): the choice and invoice, the schedule and the results; and a program's renewal rules. */
const base = (renewalId: string) => `/api/${RENEWAL_MODULE_PATH}/${encodeURIComponent(renewalId)}`;

export const renewalModuleKeys = {
  choices: (renewalId: string) => [...renewalKeys.all, 'modules', renewalId, 'choices'] as const,
  scheduled: (renewalId: string) => [...renewalKeys.all, 'modules', renewalId, 'scheduled'] as const,
  rules: (programId: string) => [...renewalKeys.all, 'rules', programId] as const,
};

/** Every renewal module with its choice: `/required` and `/nonrequired` together. */
export function useRenewalModuleChoices(renewalId: string, enabled: boolean) {
  return useQuery({
    queryKey: renewalModuleKeys.choices(renewalId),
    queryFn: async ({ signal }) => {
      const [required, other] = await Promise.all([
        apiRequest(`${base(renewalId)}/required`, { schema: RenewalModuleChoices, signal }),
        apiRequest(`${base(renewalId)}/nonrequired`, { schema: RenewalModuleChoices, signal }),
      ]);
      return { ...required, modules: [...required.modules, ...other.modules] };
    },
    enabled,
  });
}

export function useRenewalSchedule(renewalId: string, enabled: boolean) {
  return useQuery({
    queryKey: renewalModuleKeys.scheduled(renewalId),
    queryFn: ({ signal }) => apiRequest(`${base(renewalId)}/scheduled`, { schema: RenewalModulesView, signal }),
    enabled,
  });
}

/** After any change the renewal page and its module queries are read again. */
function useRenewalModuleMutation<TBody>(renewalId: string, run: (body: TBody) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: renewalKeys.all }),
  });
}

export function useSaveRenewalModuleChoice(renewalId: string) {
  return useRenewalModuleMutation(renewalId, (body: RenewalModuleSelectionRequest) =>
    apiRequest(`${base(renewalId)}/preexam/update`, { method: 'POST', body, schema: RenewalModuleChoices }),
  );
}

export function useInvoiceRenewalModules(renewalId: string) {
  return useRenewalModuleMutation(renewalId, (body: RenewalModuleSelectionRequest) =>
    apiRequest(`${base(renewalId)}/preexam/submit`, { method: 'POST', body, schema: Renewal }),
  );
}

export function useSendRenewalSchedule(renewalId: string) {
  return useRenewalModuleMutation(renewalId, (body: RenewalScheduleRequest) =>
    apiRequest(`${base(renewalId)}/examination/send`, { method: 'POST', body, schema: RenewalModulesView }),
  );
}

export function useSaveRenewalResults(renewalId: string) {
  return useRenewalModuleMutation(renewalId, (body: RenewalResultsRequest) =>
    apiRequest(`${base(renewalId)}/postexam/update`, { method: 'POST', body, schema: RenewalModulesView }),
  );
}

export function useRenewalRules(programId: string) {
  return useQuery({
    queryKey: renewalModuleKeys.rules(programId),
    queryFn: ({ signal }) => apiRequest(`/api/renewalrules/${encodeURIComponent(programId)}`, { schema: RenewalRules, signal }),
  });
}

export function useSaveRenewalRules(programId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RenewalRulesRequest) => apiRequest(`/api/renewalrules/${encodeURIComponent(programId)}`, { method: 'POST', body, schema: RenewalRules }),
    onSuccess: (rules) => queryClient.setQueryData(renewalModuleKeys.rules(programId), rules),
  });
}
