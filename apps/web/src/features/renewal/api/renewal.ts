import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import {
  Renewal,
  RenewalQueuePage,
  type RenewalAction,
  type RenewalQueueQuery,
  type RenewalSaveRequest,
  type RenewalStatus,
  type RenewalTypePath,
} from "@certs/shared/renewal/renewal.contract";
import { apiRequest } from "../../../lib/api-client";

/** Renewals of a certification (decision 023): the holder's form, staff's queue and decision. */
export const RENEWAL_TYPE: RenewalTypePath = "certificationrenewalapplication";
const base = `/api/${RENEWAL_TYPE}`;

export interface RenewalQueueParams {
  programId: string;
  page: number;
  pageSize: number;
  searchTerm?: string;
  status?: RenewalStatus;
}

export const renewalKeys = {
  all: ["renewals"] as const,
  form: (awardId: string) => [...renewalKeys.all, "form", awardId] as const,
  detail: (id: string) => [...renewalKeys.all, "detail", id] as const,
  queue: (params: RenewalQueueParams) =>
    [...renewalKeys.all, "queue", params] as const,
};

export function useRenewalForm(awardId: string) {
  return useQuery({
    queryKey: renewalKeys.form(awardId),
    queryFn: ({ signal }) =>
      apiRequest(`${base}/award/${encodeURIComponent(awardId)}`, {
        schema: Renewal,
        signal,
      }),
  });
}

export function useRenewal(id: string) {
  return useQuery({
    queryKey: renewalKeys.detail(id),
    queryFn: ({ signal }) =>
      apiRequest(`${base}/${encodeURIComponent(id)}`, {
        schema: Renewal,
        signal,
      }),
  });
}

export function useRenewalQueue(params: RenewalQueueParams) {
  const query: RenewalQueueQuery = {
    programId: params.programId,
    page: params.page,
    pageSize: params.pageSize,
    searchTerm: params.searchTerm || undefined,
    status: params.status,
  };
  return useQuery({
    queryKey: renewalKeys.queue(params),
    queryFn: ({ signal }) =>
      apiRequest(`${base}/pagination`, {
        query: query as Record<string, string | number | undefined>,
        schema: RenewalQueuePage,
        signal,
      }),
    enabled: params.programId.length > 0,
    placeholderData: keepPreviousData,
  });
}

/** Save the draft, then (with `submit`) submit it; the form shows the renewal as it is now. */
export function useSaveRenewal(awardId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      body,
      submit,
    }: {
      body: RenewalSaveRequest;
      submit: boolean;
    }) => {
      const saved = await apiRequest(`${base}/save`, {
        method: "POST",
        body,
        schema: Renewal,
      });
      return submit && saved.id
        ? apiRequest(`${base}/${encodeURIComponent(saved.id)}/submit`, {
            method: "POST",
            schema: Renewal,
          })
        : saved;
    },
    onSuccess: (renewal) =>
      queryClient.setQueryData(renewalKeys.form(awardId), renewal),
    // The award's lists (another feature's queries) change too: everything cached is refetched when next shown.
    onSettled: () => queryClient.invalidateQueries(),
  });
}

export function useRenewalAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      action,
      reason,
    }: {
      action: RenewalAction;
      reason: string;
    }) =>
      apiRequest(`${base}/renewal/action`, {
        method: "POST",
        body: { renewalId: id, action, reason },
        schema: Renewal,
      }),
    onSuccess: (renewal) =>
      queryClient.setQueryData(renewalKeys.detail(id), renewal),
    // The award's lists (another feature's queries) change too: everything cached is refetched when next shown.
    onSettled: () => queryClient.invalidateQueries(),
  });
}
