import { z } from 'zod';
import { EXAM_KINDS } from './exam-schedule.contract';
import { daysBetween } from './exam-schedule-time';

/** The public exam schedule (`unauth/schedule`, page `/schedule`): sessions, never candidates. */
export const PUBLIC_SCHEDULE_DEFAULT_DAYS = 90;
export const PUBLIC_SCHEDULE_MAX_DAYS = 366;
/** The place of Online exams, which candidates sit in the applicant area. */
export const ONLINE_PLACE_ID = 'online';

export const PUBLIC_SCHEDULE_MESSAGES = {
  dayInvalid: 'Dates are YYYY-MM-DD',
  toBeforeFrom: 'The end date cannot be before the start date',
  rangeTooLong: `Choose at most ${PUBLIC_SCHEDULE_MAX_DAYS} days`,
  placeInvalid: 'Unknown venue or test centre',
} as const;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, PUBLIC_SCHEDULE_MESSAGES.dayInvalid);

/** Days (YYYY-MM-DD) as each awarding body counts them in its time zone; `venueId` is a venue, a test centre, or `online`. */
export const PublicScheduleQuery = z
  .strictObject({
    from: day.optional(),
    to: day.optional(),
    venueId: z.union([z.uuid(), z.literal(ONLINE_PLACE_ID)], { error: PUBLIC_SCHEDULE_MESSAGES.placeInvalid }).optional(),
  })
  .superRefine((query, ctx) => {
    if (!query.from || !query.to) return;
    const days = daysBetween(query.from, query.to);
    if (Number.isNaN(days)) ctx.addIssue({ code: 'custom', path: ['from'], message: PUBLIC_SCHEDULE_MESSAGES.dayInvalid });
    else if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: PUBLIC_SCHEDULE_MESSAGES.toBeforeFrom });
    else if (days >= PUBLIC_SCHEDULE_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: PUBLIC_SCHEDULE_MESSAGES.rangeTooLong });
  });
export type PublicScheduleQuery = z.input<typeof PublicScheduleQuery>;

export const PLACE_KINDS = ['venue', 'testCentre', 'online'] as const;
export const PublicPlace = z.object({ id: z.string(), kind: z.enum(PLACE_KINDS), name: z.string(), address: z.string() });
export type PublicPlace = z.infer<typeof PublicPlace>;

/**
 * One sitting: a module examined at one place and time, with how many candidates sit it at a
 * venue or test centre; an online sitting (sat from anywhere) gives no count (null).
 */
export const PublicSession = z.object({
  startsAt: z.string(),
  examKind: z.enum(EXAM_KINDS),
  durationMinutes: z.number().int(),
  moduleCode: z.string(),
  moduleTitle: z.string(),
  programCode: z.string(),
  programTitle: z.string(),
  candidates: z.number().int().nullable(),
  /** The awarding body's time zone (Auckland for a New Zealand body): the session's day and time are read in it. */
  timeZone: z.string(),
});
export type PublicSession = z.infer<typeof PublicSession>;

export const PublicScheduleDay = z.object({
  place: PublicPlace,
  /** YYYY-MM-DD in the time zone of the awarding body that holds the session (Auckland for a New Zealand body). */
  date: z.string(),
  sessions: z.array(PublicSession),
});
export type PublicScheduleDay = z.infer<typeof PublicScheduleDay>;

export const PublicSchedule = z.object({
  from: z.string(),
  to: z.string(),
  /** Every place with upcoming sessions, for the filter (whatever the filter is). */
  places: z.array(PublicPlace),
  days: z.array(PublicScheduleDay),
});
export type PublicSchedule = z.infer<typeof PublicSchedule>;
