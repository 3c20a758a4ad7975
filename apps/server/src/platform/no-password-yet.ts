/**
 * The password hash of a person the platform made for someone else (a bulk or legacy import):
 * verification of any password against it fails, so they sign in only after choosing one through
 * an invitation (a reset link).
 */
export const NO_PASSWORD_YET = '!invited';
