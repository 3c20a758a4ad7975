import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import {
  RENEWAL_TYPE_PATHS,
  Renewal,
  RenewalQueuePage,
  type RenewalAction,
  type RenewalQueueQuery,
  type RenewalSaveRequest,
  type RenewalStatus,
  type RenewalTypePath,
} from "@certs/shared/renewal/renewal.contract";
import { apiRequest } from "../../../lib/api-client";

/** Renewals (decision 023): the holder's form, staff's queue and decision, per renewal type (Certification, AICIP). */
export const RENEWAL_TYPE: RenewalTypePath = "certificationrenewalapplication";
const baseOf = (typePath: RenewalTypePath) => `/api/${typePath}`;

/** The renewal type named in a page's `?type=` (Certification when absent or unknown). */
export function renewalTypeOf(value: string | null): RenewalTypePath {
  return value && (RENEWAL_TYPE_PATHS as readonly string[]).includes(value)
    ? (value as RenewalTypePath)
    : RENEWAL_TYPE;
}

export interface RenewalQueueParams {
  typePath: RenewalTypePath;
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

export function useRenewalForm(awardId: string, typePath: RenewalTypePath = RENEWAL_TYPE) {
  return useQuery({
    queryKey: renewalKeys.form(awardId),
    queryFn: ({ signal }) =>
      apiRequest(`${baseOf(typePath)}/award/${encodeURIComponent(awardId)}`, {
        schema: Renewal,
        signal,
      }),
  });
}

export function useRenewal(id: string, typePath: RenewalTypePath = RENEWAL_TYPE) {
  return useQuery({
    queryKey: renewalKeys.detail(id),
    queryFn: ({ signal }) =>
      apiRequest(`${baseOf(typePath)}/${encodeURIComponent(id)}`, {
        schema: Renewal,
        signal,
      }),
  });
}

/** One program's renewals, newest application number first (`{type}/pagination`). */
export function findRenewalQueue(params: RenewalQueueParams, signal?: AbortSignal) {
  const query: RenewalQueueQuery = {
    programId: params.programId,
    page: params.page,
    pageSize: params.pageSize,
    searchTerm: params.searchTerm || undefined,
    status: params.status,
  };
  return apiRequest(`${baseOf(params.typePath)}/pagination`, {
    query: query as Record<string, string | number | undefined>,
    schema: RenewalQueuePage,
    signal,
  });
}

export function useRenewalQueue(params: RenewalQueueParams) {
  return useQuery({
    queryKey: renewalKeys.queue(params),
    queryFn: ({ signal }) => findRenewalQueue(params, signal),
    enabled: params.programId.length > 0,
    placeholderData: keepPreviousData,
  });
}

/** Save the draft, then (with `submit`) submit it; the form shows the renewal as it is now. */
export function useSaveRenewal(awardId: string, typePath: RenewalTypePath = RENEWAL_TYPE) {
  const base = baseOf(typePath);
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

export function useRenewalAction(id: string, typePath: RenewalTypePath = RENEWAL_TYPE) {
  const base = baseOf(typePath);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      action,
      reason,
      override,
    }: {
      action: RenewalAction;
      reason: string;
      /** A manager's override of an impartiality refusal of the decider (issue 43). */
      override?: { reason: string };
    }) =>
      apiRequest(`${base}/renewal/action`, {
        method: "POST",
        body: { renewalId: id, action, reason, ...(override ? { override } : {}) },
        schema: Renewal,
      }),
    onSuccess: (renewal) =>
      queryClient.setQueryData(renewalKeys.detail(id), renewal),
    // The award's lists (another feature's queries) change too: everything cached is refetched when next shown.
    onSettled: () => queryClient.invalidateQueries(),
  });
}
