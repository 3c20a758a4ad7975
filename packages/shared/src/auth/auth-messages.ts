/**
 * The sign-in messages, apart from the contract's schemas so that the login page
 * and the API client can show them without loading zod on a first visit (issue 46).
 */
export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  tooManyAttempts: 'Too many failed sign-in attempts. Please wait a minute and try again.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  unauthorized: 'Please sign in to continue',
  forbidden: 'You do not have permission to do this',
  identifierRequired: 'Email is required',
  passwordRequired: 'Password is required',
} as const;
