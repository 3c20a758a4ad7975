import { AWARD_STATUS_LABELS, type AwardStatus } from '@certs/shared/award/award-status';
import { expiryToday } from '@certs/shared/award/award-expiry';
import {
  EMPLOYER_PEOPLE_CSV_COLUMNS,
  PERSON_DUE_LABELS,
  WELDER_QUALIFICATION_STATUS_LABELS,
  type DueWithinDays,
  type EmployeeAward,
  type EmployeeWelderQualification,
  type EmployerPeople,
  type EmployerPerson,
  type PersonDue,
} from '@certs/shared/employer/people.contract';
import type { NominationPerson } from '@certs/shared/employer/employer-billing.contract';
import { formatDay } from '@certs/shared/common/dates';
import { addDays } from '@certs/shared/exam-schedule/exam-schedule-time';
import type { RangeResult } from '@certs/shared/wpq/wpq-range';
import { employerCompanyOf, type CurrentUser } from '../../platform/auth/authenticate';
import { toCsv, type CsvCell } from '../../platform/csv';
import type { HeldQualification, WpqValidityService } from '../wpq-validity/wpq-validity.service';
import type { EmployeeAwardRow, EmployerPeopleRepository } from './employer-people.repository';

/** An item with what falls due and the last day that counts under the filter (its body's today + N days). */
interface Judged<T> {
  item: T;
  due: readonly PersonDue[];
  today: string;
}

const soonest = (dues: readonly PersonDue[]): PersonDue | null => [...dues].sort((a, b) => a.dueOn.localeCompare(b.dueOn))[0] ?? null;

function designationOf(held: HeldQualification): string {
  const range = held.facts.rangeOfQualification as RangeResult | null;
  return range?.designations?.length ? range.designations.join('; ') : held.facts.standard;
}

function toQualification(held: HeldQualification): EmployeeWelderQualification {
  const { facts, validity } = held;
  const status = facts.awardStatus === 'on hold' ? 'on hold' : validity.isValid ? 'valid' : 'not valid';
  return {
    wpqRecordId: facts.recordId,
    awardingBodyName: facts.awardingBodyName,
    programCode: facts.programCode,
    programTitle: facts.programTitle,
    standard: facts.standard,
    designation: designationOf(held),
    certificateNumber: facts.certificateNumber,
    status,
    reason: status === 'not valid' ? validity.reason : '',
    option: validity.option,
    testDate: validity.testDate,
    awardedOn: facts.awardedOn,
    validUntil: validity.validUntil,
    nextConfirmationDue: status === 'valid' ? validity.nextConfirmationDue : null,
    revalidationWindow: held.revalidationWindow,
    due: held.due.map((d) => ({ kind: d.due, dueOn: d.dueOn })),
  };
}

function toAward(row: EmployeeAwardRow): EmployeeAward {
  const status = row.status as AwardStatus;
  return {
    awardId: row.awardId,
    awardingBodyName: row.awardingBodyName,
    programCode: row.programCode,
    programTitle: row.programTitle,
    certificateNumber: row.certificateNumber,
    status,
    awardedOn: row.awardedOn,
    expiresOn: row.expiresOn,
    due: status === 'current' && row.expiresOn ? { kind: 'expiry', dueOn: row.expiresOn } : null,
  };
}

/**
 * A company's people (issue 42): its approved employees with their awards and welder
 * qualifications from every awarding body, for the company's coordinator and viewers. The company
 * is the caller's session's; the validity of a welder qualification and what falls due are the
 * wpq-validity module's (`heldBy`, the Welders due rule), an award's expiry the award's own day,
 * each judged on its awarding body's today.
 */
export class EmployerPeopleService {
  constructor(
    private readonly repository: EmployerPeopleRepository,
    private readonly qualifications: Pick<WpqValidityService, 'heldBy'>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The people a coordinator may nominate (employer-billing): the same approved employees, those whose account is active, by name. */
  async nominees(actor: CurrentUser): Promise<NominationPerson[]> {
    const employees = await this.repository.findEmployees(employerCompanyOf(actor));
    return employees.filter((employee) => employee.active).map(({ applicantId, firstName, lastName, email }) => ({ applicantId, firstName, lastName, email }));
  }

  async list(actor: CurrentUser, dueWithinDays?: DueWithinDays): Promise<EmployerPeople> {
    return { dueWithinDays: dueWithinDays ?? null, people: await this.people(employerCompanyOf(actor), dueWithinDays) };
  }

  /** The same people as CSV: one row per award or welder qualification, a person holding neither on one row of their own. */
  async csv(actor: CurrentUser, dueWithinDays?: DueWithinDays): Promise<string> {
    const rows: CsvCell[][] = [];
    for (const person of await this.people(employerCompanyOf(actor), dueWithinDays)) {
      const who = [person.name, person.email];
      for (const award of person.awards) {
        rows.push([...who, 'Award', award.awardingBodyName, award.programCode, award.programTitle, '', award.certificateNumber, AWARD_STATUS_LABELS[award.status], csvDay(award.awardedOn), csvDay(award.expiresOn), '', '', '', ...dueCells(award.due)]);
      }
      for (const q of person.welderQualifications) {
        const status = WELDER_QUALIFICATION_STATUS_LABELS[q.status] + (q.reason ? `: ${q.reason}` : '');
        rows.push([...who, 'Welder qualification', q.awardingBodyName, q.programCode, q.programTitle, q.designation, q.certificateNumber, status, csvDay(q.awardedOn), csvDay(q.validUntil), csvDay(q.nextConfirmationDue), csvDay(q.revalidationWindow?.from), csvDay(q.revalidationWindow?.to), ...dueCells(q.due[0] ?? null)]);
      }
      if (person.awards.length === 0 && person.welderQualifications.length === 0) rows.push([...who, ...EMPLOYER_PEOPLE_CSV_COLUMNS.slice(who.length).map(() => '')]);
    }
    return toCsv(rows, { columns: EMPLOYER_PEOPLE_CSV_COLUMNS });
  }

  /** The file's day: the platform's (Sydney's) today. */
  csvDay(): string {
    return expiryToday(this.now());
  }

  private async people(companyId: string, dueWithinDays?: DueWithinDays): Promise<EmployerPerson[]> {
    const employees = await this.repository.findEmployees(companyId);
    const ids = employees.map((employee) => employee.applicantId);
    const [awardRows, held] = await Promise.all([this.repository.findAwards(ids), this.qualifications.heldBy(ids)]);
    const awardsOf = new Map<string, Judged<EmployeeAward>[]>();
    for (const row of awardRows) {
      const award = toAward(row);
      const list = awardsOf.get(row.applicantId) ?? [];
      list.push({ item: award, due: award.due ? [award.due] : [], today: expiryToday(this.now(), row.timeZone) });
      awardsOf.set(row.applicantId, list);
    }
    const qualificationsOf = new Map<string, Judged<EmployeeWelderQualification>[]>();
    for (const one of held) {
      const qualification = toQualification(one);
      const list = qualificationsOf.get(one.facts.applicantId) ?? [];
      list.push({ item: qualification, due: qualification.due, today: one.validity.today });
      qualificationsOf.set(one.facts.applicantId, list);
    }
    const people: EmployerPerson[] = [];
    for (const employee of employees) {
      const awards = awardsOf.get(employee.applicantId) ?? [];
      const qualifications = qualificationsOf.get(employee.applicantId) ?? [];
      const judged = [...awards, ...qualifications];
      // Due within N days: something falls on or before its awarding body's today + N (one already past counts).
      if (dueWithinDays !== undefined && !judged.some(({ due, today }) => due.some((d) => d.dueOn <= addDays(today, dueWithinDays)))) continue;
      people.push({
        applicantId: employee.applicantId,
        name: `${employee.firstName} ${employee.lastName}`.trim(),
        email: employee.email,
        awards: awards.map((a) => a.item),
        welderQualifications: qualifications.map((q) => q.item),
        nextDue: soonest(judged.flatMap((j) => j.due)),
      });
    }
    return people;
  }
}

/** A day as people read dates (DD-MMM-YYYY, issue 45 item 9); an empty cell when there is none. */
function csvDay(day: string | null | undefined): string {
  return day ? formatDay(day) : '';
}

function dueCells(due: PersonDue | null): CsvCell[] {
  return due ? [PERSON_DUE_LABELS[due.kind], csvDay(due.dueOn)] : ['', ''];
}
