import { DURATION_MAX_MINUTES, testCentreAddress, type ExamKind } from '@certs/shared/exam-schedule/exam-schedule.contract';
import { addDays, dayBoundsInZone, dayInZone, daysBetween } from '@certs/shared/exam-schedule/exam-schedule-time';
import { sittingEndsAt } from '@certs/shared/exam-schedule/sitting-time';
import {
  ONLINE_PLACE_ID,
  PUBLIC_SCHEDULE_DEFAULT_DAYS,
  PUBLIC_SCHEDULE_MAX_DAYS,
  PUBLIC_SCHEDULE_MESSAGES,
  type PublicPlace,
  type PublicSchedule,
  type PublicScheduleDay,
  type PublicScheduleQuery,
} from '@certs/shared/exam-schedule/public-schedule.contract';
import type { z } from 'zod';
import { AppError } from '../../platform/app-error';
import { accountZone } from '../account/account-time-zone';
import type { ExamScheduleRepository, PublicSessionRow } from './exam-schedule.repository';

const ONLINE_PLACE: PublicPlace = { id: ONLINE_PLACE_ID, kind: 'online', name: 'Online (sat in the applicant area)', address: '' };

function placeOf(row: PublicSessionRow): PublicPlace {
  if (row.testingAgency) return { id: row.testingAgency.id, kind: 'testCentre', name: row.testingAgency.companyName, address: testCentreAddress(row.testingAgency) };
  if (row.venueId) return { id: row.venueId, kind: 'venue', name: row.venueTitle ?? '-', address: '' };
  return ONLINE_PLACE;
}

const byPlaceName = (a: PublicPlace, b: PublicPlace) => Number(a.kind === 'online') - Number(b.kind === 'online') || a.name.localeCompare(b.name);

/**
 * The public exam schedule: sessions sent to candidates that have not ended yet (an online exam's
 * window that opened this morning is still listed), grouped by place and day,
 * with the number of candidates at a venue or test centre, none for online, and never who they are.
 * A session's day is its awarding body's (an Auckland session at 00:30 on the 2nd is on the 2nd,
 * though it is still the 1st in Sydney); `from` and `to` are read as each body's own days.
 */
export class PublicScheduleService {
  constructor(
    private readonly repository: ExamScheduleRepository,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async find(query: z.output<typeof PublicScheduleQuery>): Promise<PublicSchedule> {
    const now = this.now();
    const zones = await this.repository.accountZones();
    // Today of the body whose day began last (Sydney's, beside Auckland's): no body's today is left out.
    const from = query.from ?? zones.map((zone) => dayInZone(now, zone)).sort()[0]!;
    const to = query.to ?? addDays(from, PUBLIC_SCHEDULE_DEFAULT_DAYS - 1);
    const days = daysBetween(from, to);
    if (days < 0) throw new AppError('BAD_REQUEST', PUBLIC_SCHEDULE_MESSAGES.toBeforeFrom, { to: PUBLIC_SCHEDULE_MESSAGES.toBeforeFrom });
    if (days >= PUBLIC_SCHEDULE_MAX_DAYS) throw new AppError('BAD_REQUEST', PUBLIC_SCHEDULE_MESSAGES.rangeTooLong, { to: PUBLIC_SCHEDULE_MESSAGES.rangeTooLong });
    // Fetched from the earliest start to the latest end of those days in any body's zone; each
    // session is then kept by its own body's day.
    const starts = zones.map((zone) => dayBoundsInZone(from, zone)?.start.getTime() ?? Number.NaN);
    const ends = zones.map((zone) => dayBoundsInZone(to, zone)?.end.getTime() ?? Number.NaN);
    if ([...starts, ...ends].some(Number.isNaN)) throw new AppError('BAD_REQUEST', PUBLIC_SCHEDULE_MESSAGES.dayInvalid);
    // Not ended yet: a session still running (an online exam's window is open until its end) is
    // listed; it started at most the longest duration ago. Issue 21: today's online exams were missing.
    const earliest = now.getTime() - DURATION_MAX_MINUTES * 60_000;
    const rows = (await this.repository.findSentSessions(new Date(Math.max(Math.min(...starts), earliest)), new Date(Math.max(...ends)))).filter(
      (row) => sittingEndsAt(row).getTime() > now.getTime(),
    );

    const places = new Map<string, PublicPlace>();
    const dayGroups = new Map<string, PublicScheduleDay>();
    for (const row of rows) {
      const place = placeOf(row);
      const timeZone = accountZone(row.timeZone);
      const date = dayInZone(row.scheduledAt, timeZone);
      if (date < from || date > to) continue;
      places.set(place.id, place);
      if (query.venueId && place.id !== query.venueId) continue;
      const key = `${place.id}|${date}`;
      const group = dayGroups.get(key) ?? { place, date, sessions: [] };
      dayGroups.set(key, group);
      const startsAt = row.scheduledAt.toISOString();
      const session = group.sessions.find(
        (s) => s.startsAt === startsAt && s.moduleCode === row.moduleCode && s.programCode === row.programCode && s.examKind === row.examKind && s.durationMinutes === row.durationMinutes,
      );
      const counted = place.kind !== 'online';
      if (session) {
        if (counted) session.candidates = (session.candidates ?? 0) + 1;
      } else {
        group.sessions.push({
          startsAt,
          examKind: row.examKind as ExamKind,
          durationMinutes: row.durationMinutes,
          moduleCode: row.moduleCode,
          moduleTitle: row.moduleTitle,
          programCode: row.programCode,
          programTitle: row.programTitle,
          candidates: counted ? 1 : null,
          timeZone,
        });
      }
    }
    return {
      from,
      to,
      places: [...places.values()].sort(byPlaceName),
      days: [...dayGroups.values()].sort((a, b) => a.date.localeCompare(b.date) || byPlaceName(a.place, b.place)),
    };
  }
}
