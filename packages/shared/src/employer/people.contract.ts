import { z } from 'zod';
import { AWARD_STATUSES } from '../award/award-status';
import { WPQ_VALIDITY_OPTION_CODES } from '../wpq/wpq-record.contract';
import { WPQ_DUE_LABELS } from '../wpq/wpq-validity.contract';

/**
 * A company's people (issue 42): its approved employees (an applicant whose employer claim on the
 * company is approved; a pending or declined claim is not one of them) with what they hold from
 * every awarding body on the platform. Only what a company may see: name, email, awards and
 * awarded welder qualifications; never personal documents, CPD, exam answers, date of birth or
 * addresses, and no application in progress.
 *
 * What is listed:
 * - awards: each application's latest award whose status is current or on hold, except the award
 *   of a welder qualification record (that one is listed under welder qualifications);
 * - welder qualifications: the awarded ISO 9606-1 / AS/NZS 2980 records whose award is current or
 *   on hold and whose validity the platform has not ended, with the validity the awarding body's
 *   own screens show (`GET api/wpq/{id}/validity`).
 *
 * What falls due (`dueWithinDays`), each thing judged on its awarding body's today:
 * - a current award's expiry day (`expiresOn`);
 * - a valid welder qualification's open six-monthly confirmation (ISO 9606-1 9.2) and the end of
 *   its validity: under 9.3 b) the last day of its revalidation window (the day the revalidation
 *   is due), under 9.3 a) and c) the day a new test is due. These are the Programs -> Welders due
 *   list's own dates (`dueOfKept`).
 * With `dueWithinDays=N` a person is listed when any of these falls on or before today + N days;
 * one already past (an award the nightly expiry has not yet reached) counts as due. A qualification
 * that is no longer valid, or an award on hold, has nothing due.
 */
export const EMPLOYER_PEOPLE_PATHS = {
  list: '/api/employer/people',
  csv: '/api/employer/people.csv',
} as const;

export const DUE_WITHIN_DAYS = [30, 60, 90] as const;
export type DueWithinDays = (typeof DUE_WITHIN_DAYS)[number];

export const EMPLOYER_PEOPLE_MESSAGES = {
  dueWithinDays: 'Due within must be 30, 60 or 90 days',
} as const;

export const EmployerPeopleQuery = z.strictObject({
  dueWithinDays: z
    .enum(DUE_WITHIN_DAYS.map(String) as ['30', '60', '90'], { error: EMPLOYER_PEOPLE_MESSAGES.dueWithinDays })
    .transform((value) => Number(value) as DueWithinDays)
    .optional(),
});
export type EmployerPeopleQuery = z.input<typeof EmployerPeopleQuery>;

/** The query string of both routes for a filter (none: everyone). */
export function employerPeoplePath(kind: keyof typeof EMPLOYER_PEOPLE_PATHS, dueWithinDays?: DueWithinDays | null): string {
  return dueWithinDays ? `${EMPLOYER_PEOPLE_PATHS[kind]}?dueWithinDays=${dueWithinDays}` : EMPLOYER_PEOPLE_PATHS[kind];
}

export const PERSON_DUE_KINDS = ['expiry', 'confirmation', 'revalidation', 'retest'] as const;
export type PersonDueKind = (typeof PERSON_DUE_KINDS)[number];
export const PERSON_DUE_LABELS: Record<PersonDueKind, string> = { expiry: 'Award expiry', ...WPQ_DUE_LABELS };

/** Something that falls due on a day. */
export const PersonDue = z.object({ kind: z.enum(PERSON_DUE_KINDS), dueOn: z.string() });
export type PersonDue = z.infer<typeof PersonDue>;

export const EmployeeAward = z.object({
  awardId: z.string(),
  awardingBodyName: z.string(),
  programCode: z.string(),
  programTitle: z.string(),
  certificateNumber: z.string(),
  status: z.enum(AWARD_STATUSES),
  awardedOn: z.string(),
  /** The last valid day; null: it does not expire. */
  expiresOn: z.string().nullable(),
  /** The expiry of a current award that expires; null otherwise. */
  due: PersonDue.nullable(),
});
export type EmployeeAward = z.infer<typeof EmployeeAward>;

export const WELDER_QUALIFICATION_STATUSES = ['valid', 'not valid', 'on hold'] as const;
export type WelderQualificationStatus = (typeof WELDER_QUALIFICATION_STATUSES)[number];
export const WELDER_QUALIFICATION_STATUS_LABELS: Record<WelderQualificationStatus, string> = { valid: 'Valid', 'not valid': 'Not valid', 'on hold': 'On hold' };
/** Mantine colours whose light variants pass WCAG AA in the theme. */
export const WELDER_QUALIFICATION_STATUS_COLORS: Record<WelderQualificationStatus, string> = { valid: 'green', 'not valid': 'red', 'on hold': 'yellow' };

export const EmployeeWelderQualification = z.object({
  wpqRecordId: z.string(),
  awardingBodyName: z.string(),
  programCode: z.string(),
  programTitle: z.string(),
  /** ISO 9606-1:2017 or AS/NZS 2980:2018. */
  standard: z.string(),
  /** The designation(s) the range gives ("ISO 9606-1 135 P BW FM1 S t10 PF ss nb"), else the process and test piece. */
  designation: z.string(),
  certificateNumber: z.string(),
  /** On hold: the award is; otherwise the validity rule's answer today. */
  status: z.enum(WELDER_QUALIFICATION_STATUSES),
  /** Why it is not valid (the rule's words); empty when valid. */
  reason: z.string(),
  option: z.enum(WPQ_VALIDITY_OPTION_CODES),
  testDate: z.string(),
  awardedOn: z.string(),
  validUntil: z.string().nullable(),
  /** The next six-monthly confirmation still to make (ISO 9606-1 9.2); null when none is due. */
  nextConfirmationDue: z.string().nullable(),
  /** 9.3 b): the days the two production welds of a revalidation must be from (after `from`, up to `to`). */
  revalidationWindow: z.object({ from: z.string(), to: z.string() }).nullable(),
  /** What falls due, soonest first: the open confirmation, the revalidation or new test. */
  due: z.array(PersonDue),
});
export type EmployeeWelderQualification = z.infer<typeof EmployeeWelderQualification>;

export const EmployerPerson = z.object({
  applicantId: z.string(),
  name: z.string(),
  email: z.string(),
  awards: z.array(EmployeeAward),
  welderQualifications: z.array(EmployeeWelderQualification),
  /** The soonest of everything that falls due; null: nothing. */
  nextDue: PersonDue.nullable(),
});
export type EmployerPerson = z.infer<typeof EmployerPerson>;

/** `GET api/employer/people`: everyone, or those with something due within the days asked, by last then first name. */
export const EmployerPeople = z.object({
  dueWithinDays: z.number().int().nullable(),
  people: z.array(EmployerPerson),
});
export type EmployerPeople = z.infer<typeof EmployerPeople>;

/** The CSV's columns: one row per award or welder qualification (a person holding neither: one row with their name and email). */
export const EMPLOYER_PEOPLE_CSV_COLUMNS = [
  'Name',
  'Email',
  'Kind',
  'Awarding Body',
  'Program Code',
  'Program Title',
  'Qualification',
  'Certificate Number',
  'Status',
  'Awarded On',
  'Expires On / Valid Until',
  'Next Confirmation Due',
  'Revalidation Window From',
  'Revalidation Window To',
  'Due',
  'Due On',
] as const;
