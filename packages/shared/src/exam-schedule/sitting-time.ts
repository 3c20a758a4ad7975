/**
 * How long a scheduled sitting lasts (decision 041): the schedule's duration, from the scheduled
 * time, the same for every candidate. The server's deadline, the candidate's timer (which counts to
 * that deadline), the invigilation console, the public schedule and the application pages all read
 * it from here; the test's own time is only the scheduler's starting point.
 */

/** What a schedule says of one sitting: when it starts and its minutes. */
export interface SittingSlot {
  scheduledAt: Date | string;
  durationMinutes: number;
}

/** The moment the sitting ends for everyone without extra time: the scheduled time plus its minutes. */
export function sittingEndsAt(slot: SittingSlot): Date {
  return new Date(new Date(slot.scheduledAt).getTime() + slot.durationMinutes * 60_000);
}

/**
 * One candidate's deadline: the end of the sitting plus the extra time given to them. A candidate
 * who starts late has what is left, as in an exam room; extra time (and a pause) move only their own.
 */
export function sittingDeadline(slot: SittingSlot, extraSeconds: number): Date {
  return new Date(sittingEndsAt(slot).getTime() + extraSeconds * 1000);
}

/** Whether the sitting has started and not ended (the public schedule's "Open now"). */
export function isSittingOpen(slot: SittingSlot, nowMs: number): boolean {
  return new Date(slot.scheduledAt).getTime() <= nowMs && nowMs < sittingEndsAt(slot).getTime();
}

/**
 * The scheduler's hint beside the duration of an online sitting: the test's own time, and that the
 * duration entered is what every candidate has, from the scheduled time (it wins over the test's).
 */
export function testTimeHint(testMinutes: number, durationMinutes: number | null): string {
  const own = `The test is set for ${testMinutes} minutes.`;
  if (durationMinutes === null) return `${own} Candidates have the duration entered, from the scheduled time.`;
  const shorter = durationMinutes < testMinutes ? ', less than the test expects' : '';
  return `${own} Candidates have ${durationMinutes} minutes from the scheduled time${shorter}.`;
}
