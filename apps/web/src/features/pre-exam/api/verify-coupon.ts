import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { CouponVerifyResponse } from '@certs/shared/coupon/coupon.contract';
import { apiRequest } from '../../../lib/api-client';
import { preExamKeys } from './pre-exam.keys';

/** What a discount code takes off this subtotal for this applicant and program (the coupon module's verify route); refused with the reason. */
export function verifyCoupon(programId: string, applicantId: string, code: string, subtotalCents: number, signal?: AbortSignal): Promise<CouponVerifyResponse> {
  const path = [programId, applicantId, code].map(encodeURIComponent).join('/');
  return apiRequest(`/api/programapplicationcoupon/${path}/verify/coupon`, { query: { subtotalCents }, schema: CouponVerifyResponse, signal });
}

/** The applied code, priced again whenever the subtotal changes. */
export function useCouponQuote(programId: string, applicantId: string, code: string | null, subtotalCents: number) {
  return useQuery(
    queryOptions({
      queryKey: preExamKeys.couponQuote(programId, applicantId, code ?? '', subtotalCents),
      queryFn: ({ signal }) => verifyCoupon(programId, applicantId, code ?? '', subtotalCents, signal),
      enabled: !!code,
      retry: false,
      placeholderData: keepPreviousData,
    }),
  );
}
