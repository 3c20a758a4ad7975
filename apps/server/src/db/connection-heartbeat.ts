/** How often a long-lived connection is asked to answer, and how long it has to answer. */
export const HEARTBEAT = { everyMs: 15_000, answerWithinMs: 10_000 } as const;

/**
 * Asks a connection that otherwise only listens to answer a trivial query now and then, and calls
 * `onSilent` once when a query fails or gets no answer in time. A LISTEN connection whose peer
 * vanished without a word (a half-open TCP connection: no error, no end, no notifications) is
 * otherwise never noticed, and the session-user cache would trust it indefinitely (decision 013).
 * Returns the function that stops it.
 */
export function watchConnection(
  connection: { query(text: string): Promise<unknown> },
  onSilent: () => void,
  timing: { everyMs: number; answerWithinMs: number } = HEARTBEAT,
): () => void {
  let isStopped = false;
  let waiting: NodeJS.Timeout | undefined;
  const silent = () => {
    if (isStopped) return;
    stop();
    onSilent();
  };
  const ask = () => {
    // One question at a time: a slow answer is the deadline's to judge, not the next beat's.
    if (waiting) return;
    waiting = setTimeout(silent, timing.answerWithinMs);
    connection.query('select 1').then(
      () => {
        clearTimeout(waiting);
        waiting = undefined;
      },
      silent,
    );
  };
  const beat = setInterval(ask, timing.everyMs);
  beat.unref();
  function stop() {
    isStopped = true;
    clearInterval(beat);
    clearTimeout(waiting);
  }
  return stop;
}
