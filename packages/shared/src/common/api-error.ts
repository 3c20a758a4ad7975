/** Generic fallback message of spec section 8. */
export const GENERIC_ERROR_MESSAGE = 'Something went wrong';

/**
 * A 503 the server sends when it is too busy to take a request now (no database connection within
 * its wait limit); its `Retry-After` header says in how many seconds to ask again.
 */
export const SERVER_BUSY = { status: 503, message: 'The service is busy. Please try again in a moment.', retryAfterSeconds: 2 } as const;

/** The one error body every route answers with (design.md). */
export interface ApiErrorBody {
  statusCode: number;
  error: string;
  message: string;
  fieldErrors?: Record<string, string>;
  /** Structured facts a screen acts on, beside the message (an impartiality refusal: `details.impartiality`). */
  details?: Record<string, unknown>;
}

/**
 * Reads an error answer as spec section 8 says: the message field of the body,
 * else the raw text, else the generic message.
 */
export function readErrorMessage(rawBody: string | null | undefined): string {
  if (!rawBody || !rawBody.trim()) return GENERIC_ERROR_MESSAGE;
  try {
    const parsed: unknown = JSON.parse(rawBody);
    if (parsed && typeof parsed === 'object' && 'message' in parsed) {
      const message = (parsed as { message: unknown }).message;
      if (typeof message === 'string' && message.trim()) return message;
    }
    return typeof parsed === 'string' && parsed.trim() ? parsed : rawBody;
  } catch {
    return rawBody;
  }
}
