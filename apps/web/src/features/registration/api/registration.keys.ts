/** Query keys of registration and password reset; tokens are single-use, so their answers are kept. */
export const registrationKeys = {
  all: ['registration'] as const,
  activation: (token: string) => [...registrationKeys.all, 'activation', token] as const,
  status: (id: string) => [...registrationKeys.all, 'status', id] as const,
  resetToken: (token: string) => [...registrationKeys.all, 'reset-token', token] as const,
  resetTokenUser: (token: string) => [...registrationKeys.all, 'reset-token-user', token] as const,
};
