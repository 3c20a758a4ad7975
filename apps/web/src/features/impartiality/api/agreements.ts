import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { searchTermOrUndefined } from '@certs/shared/common/paging';
import { AgreementRegister, AgreementText, MyAgreements, SignedAgreement, type AgreementTextRequest } from '@certs/shared/impartiality/impartiality.contract';
import { apiRequest } from '../../../lib/api-client';
import { impartialityKeys, type AgreementRegisterParams } from './impartiality.keys';

/** This year's agreement (the body's year) and the ones the signed-in member of staff signed. */
export function useMyAgreements() {
  return useQuery({ queryKey: impartialityKeys.myAgreements, queryFn: ({ signal }) => apiRequest('/api/conflicts/agreements/mine', { schema: MyAgreements, signal }) });
}

export function useSignAgreement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (year: number) => apiRequest('/api/conflicts/agreements/sign', { method: 'POST', body: { year, accepted: true }, schema: MyAgreements }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: impartialityKeys.all }),
  });
}

export function useAgreementText() {
  return useQuery({ queryKey: impartialityKeys.agreementText, queryFn: ({ signal }) => apiRequest('/api/conflicts/agreements/text', { schema: AgreementText, signal }) });
}

export function useSaveAgreementText() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: AgreementTextRequest) => apiRequest('/api/conflicts/agreements/text', { method: 'PUT', body: request, schema: AgreementText }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: impartialityKeys.all }),
  });
}

export function useAgreementRegister(params: AgreementRegisterParams) {
  return useQuery({
    queryKey: impartialityKeys.agreementRegister(params),
    queryFn: ({ signal }) => apiRequest('/api/conflicts/agreements', { query: { year: params.year, status: params.status, searchTerm: searchTermOrUndefined(params.searchTerm) }, schema: AgreementRegister, signal }),
  });
}

/** One signed agreement with the text as signed. */
export function useSignedAgreement(id: string | null) {
  return useQuery({
    queryKey: impartialityKeys.agreement(id ?? ''),
    queryFn: ({ signal }) => apiRequest(`/api/conflicts/agreements/${encodeURIComponent(id ?? '')}`, { schema: SignedAgreement, signal }),
    enabled: !!id,
  });
}
