import { DEFAULT_TIME_ZONE } from '@certs/shared/common/dates';
import { testCentreAddress, type ExamKind } from '@certs/shared/exam-schedule/exam-schedule.contract';
import { addDays, dayBoundsInZone, dayInZone, daysBetween } from '@certs/shared/exam-schedule/exam-schedule-time';
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
import type { ExamScheduleRepository, PublicSessionRow } from './exam-schedule.repository';

const ONLINE_PLACE: PublicPlace = { id: ONLINE_PLACE_ID, kind: 'online', name: 'Online (sat in the applicant area)', address: '' };

function placeOf(row: PublicSessionRow): PublicPlace {
  if (row.testingAgency) return { id: row.testingAgency.id, kind: 'testCentre', name: row.testingAgency.companyName, address: testCentreAddress(row.testingAgency) };
  if (row.venueId) return { id: row.venueId, kind: 'venue', name: row.venueTitle ?? '-', address: '' };
  return ONLINE_PLACE;
}

const byPlaceName = (a: PublicPlace, b: PublicPlace) => Number(a.kind === 'online') - Number(b.kind === 'online') || a.name.localeCompare(b.name);

/**
 * The public exam schedule: upcoming sessions that have been sent to candidates, grouped by place
 * and day (Australia/Sydney), with the number of candidates of each and never who they are.
 */
export class PublicScheduleService {
  constructor(
    private readonly repository: ExamScheduleRepository,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async find(query: z.output<typeof PublicScheduleQuery>): Promise<PublicSchedule> {
    const now = this.now();
    const from = query.from ?? dayInZone(now, DEFAULT_TIME_ZONE);
    const to = query.to ?? addDays(from, PUBLIC_SCHEDULE_DEFAULT_DAYS - 1);
    const days = daysBetween(from, to);
    if (days < 0) throw new AppError('BAD_REQUEST', PUBLIC_SCHEDULE_MESSAGES.toBeforeFrom, { to: PUBLIC_SCHEDULE_MESSAGES.toBeforeFrom });
    if (days >= PUBLIC_SCHEDULE_MAX_DAYS) throw new AppError('BAD_REQUEST', PUBLIC_SCHEDULE_MESSAGES.rangeTooLong, { to: PUBLIC_SCHEDULE_MESSAGES.rangeTooLong });
    const start = dayBoundsInZone(from);
    const end = dayBoundsInZone(to);
    if (!start || !end) throw new AppError('BAD_REQUEST', PUBLIC_SCHEDULE_MESSAGES.dayInvalid);
    // Upcoming only: a session that has started is no longer listed.
    const rows = await this.repository.findSentSessions(new Date(Math.max(start.start.getTime(), now.getTime())), end.end);

    const places = new Map<string, PublicPlace>();
    const dayGroups = new Map<string, PublicScheduleDay>();
    for (const row of rows) {
      const place = placeOf(row);
      places.set(place.id, place);
      if (query.venueId && place.id !== query.venueId) continue;
      const date = dayInZone(row.scheduledAt, DEFAULT_TIME_ZONE);
      const key = `${place.id}|${date}`;
      const group = dayGroups.get(key) ?? { place, date, sessions: [] };
      dayGroups.set(key, group);
      const startsAt = row.scheduledAt.toISOString();
      const session = group.sessions.find(
        (s) => s.startsAt === startsAt && s.moduleCode === row.moduleCode && s.programCode === row.programCode && s.examKind === row.examKind && s.durationMinutes === row.durationMinutes,
      );
      if (session) session.candidates += 1;
      else {
        group.sessions.push({
          startsAt,
          examKind: row.examKind as ExamKind,
          durationMinutes: row.durationMinutes,
          moduleCode: row.moduleCode,
          moduleTitle: row.moduleTitle,
          programCode: row.programCode,
          programTitle: row.programTitle,
          candidates: 1,
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
