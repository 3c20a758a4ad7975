/** Error codes a service may throw; the error handler maps each to one HTTP status. */
export const APP_ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
} as const;
export type AppErrorCode = keyof typeof APP_ERROR_STATUS;

/** A failure the user should read: `message` reaches the client as it is. */
export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly fieldErrors?: Record<string, string>,
    /** Structured facts a screen acts on (an impartiality refusal's people and reasons, issue 43); `message` still says it all. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get statusCode(): number {
    return APP_ERROR_STATUS[this.code];
  }
}
