import { useQuery } from '@tanstack/react-query';
import { ResetTokenResponse, ResetTokenUserResponse } from '@certs/shared/auth/registration.contract';
import { apiRequest } from '../../../lib/api-client';
import { registrationKeys } from './registration.keys';

/** Whether a reset link is still good, and for whom (masked). */
export function checkResetToken(token: string, signal?: AbortSignal) {
  return apiRequest(`/unauth/resetpassword/${encodeURIComponent(token)}`, { schema: ResetTokenResponse, signal });
}

/** The account a good reset link belongs to; 404 for any other. */
export function findResetTokenUser(token: string, signal?: AbortSignal) {
  return apiRequest(`/unauth/resetpassword/user/${encodeURIComponent(token)}`, { schema: ResetTokenUserResponse, signal });
}

const once = { staleTime: Infinity, retry: false, refetchOnWindowFocus: false } as const;

export function useResetToken(token: string) {
  return useQuery({ queryKey: registrationKeys.resetToken(token), queryFn: ({ signal }) => checkResetToken(token, signal), ...once });
}

export function useResetTokenUser(token: string, enabled: boolean) {
  return useQuery({
    queryKey: registrationKeys.resetTokenUser(token),
    queryFn: ({ signal }) => findResetTokenUser(token, signal),
    enabled,
    ...once,
  });
}
