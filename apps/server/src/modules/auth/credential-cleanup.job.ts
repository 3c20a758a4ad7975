/**
 * How long ended refresh sessions and spent activation or reset links are kept: long enough to
 * answer "why was I signed out" or "which link did I use", then they only grow the tables.
 */
export const ENDED_CREDENTIALS_KEEP_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes refresh sessions and single-use links that ended (expired, revoked or used) more than
 * the keep period ago. Neither can be used again, so several instances may run it at once.
 * Run periodically by the platform's `PeriodicJob`.
 */
export async function deleteEndedCredentials(
  owners: {
    sessions: { deleteSessionsEndedBefore(cutoff: Date): Promise<number> };
    links: { deleteLinksEndedBefore(cutoff: Date): Promise<number> };
  },
  now: Date = new Date(),
): Promise<{ sessions: number; links: number }> {
  const cutoff = new Date(now.getTime() - ENDED_CREDENTIALS_KEEP_DAYS * DAY_MS);
  const sessions = await owners.sessions.deleteSessionsEndedBefore(cutoff);
  const links = await owners.links.deleteLinksEndedBefore(cutoff);
  return { sessions, links };
}
