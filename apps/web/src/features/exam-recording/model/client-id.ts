/** An id the server keeps a retried report under (events, keystroke batches): stored once, whatever the retries. */
export function newClientId(prefix: string): string {
  return `${prefix}-${crypto.randomUUID().replace(/-/g, '')}`;
}

/** A retry helps with no answer (0), a timeout, too many requests or a server error; any other refusal will not change. */
export function isRetryable(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

/** Waits between retries: 2 s, 4 s, ... up to 30 s. */
export function retryDelayMs(attempt: number): number {
  return Math.min(30_000, 2_000 * 2 ** Math.max(0, attempt - 1));
}
