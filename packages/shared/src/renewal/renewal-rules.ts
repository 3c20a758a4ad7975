/** Professional development that counts towards a renewal (issue 17, decision 023). */
export interface DevelopmentHours {
  numOfHours: number;
  startDate: string;
}

/** Whether an entry started within the award's period, both days included (days written YYYY-MM-DD). */
export function isInPeriod(startDate: string, periodStart: string, periodEnd: string | null): boolean {
  return startDate >= periodStart && (periodEnd === null || startDate <= periodEnd);
}

/** The hours of the entries that started within the period, to one decimal (as the profile stores them). */
export function cpdHoursInPeriod(entries: readonly DevelopmentHours[], periodStart: string, periodEnd: string | null): number {
  const tenths = entries.filter((e) => isInPeriod(e.startDate, periodStart, periodEnd)).reduce((sum, e) => sum + Math.round(e.numOfHours * 10), 0);
  return tenths / 10;
}
