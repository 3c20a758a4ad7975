import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { searchTermOrUndefined } from '@certs/shared/common/paging';
import { Coupon, CouponPage, CouponProgramOptions, type CouponProgramOption, type CouponRequest } from '@certs/shared/coupon/coupon.contract';
import { apiRequest } from '../../../lib/api-client';

const BASE = '/api/programapplicationcoupon';

export interface CouponListParams {
  page: number;
  pageSize: number;
  searchTerm?: string;
}

/** Query keys of discount codes. */
export const couponKeys = {
  all: ['coupons'] as const,
  list: (params: CouponListParams) => [...couponKeys.all, 'list', params] as const,
  programs: (searchTerm: string | undefined) => [...couponKeys.all, 'programs', searchTerm ?? ''] as const,
};

/** Discount codes, paged and searched by code (`programapplicationcoupon/pagination`). */
export function findCoupons(params: CouponListParams, signal?: AbortSignal): Promise<CouponPage> {
  return apiRequest(`${BASE}/pagination`, { query: { page: params.page, pageSize: params.pageSize, searchTerm: params.searchTerm }, schema: CouponPage, signal });
}

export function useCoupons(params: CouponListParams) {
  const normalized = { ...params, searchTerm: searchTermOrUndefined(params.searchTerm) };
  return useQuery({ queryKey: couponKeys.list(normalized), queryFn: ({ signal }) => findCoupons(normalized, signal), placeholderData: keepPreviousData });
}

/** Programs a code can be for, searched by code or title. */
export function findCouponPrograms(searchTerm: string | undefined, signal?: AbortSignal): Promise<CouponProgramOption[]> {
  return apiRequest(`${BASE}/programs`, { query: { searchTerm }, schema: CouponProgramOptions, signal });
}

export function useCouponPrograms(searchTerm: string | undefined) {
  const term = searchTermOrUndefined(searchTerm);
  return useQuery({ queryKey: couponKeys.programs(term), queryFn: ({ signal }) => findCouponPrograms(term, signal), placeholderData: keepPreviousData });
}

export function saveCoupon(id: string | null, request: CouponRequest): Promise<Coupon> {
  return id
    ? apiRequest(`${BASE}/update/${encodeURIComponent(id)}`, { method: 'POST', body: request, schema: Coupon })
    : apiRequest(BASE, { method: 'POST', body: request, schema: Coupon });
}

export function useSaveCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, request }: { id: string | null; request: CouponRequest }) => saveCoupon(id, request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: couponKeys.all }),
  });
}
