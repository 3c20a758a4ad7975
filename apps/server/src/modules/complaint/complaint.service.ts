import dayjs from 'dayjs';
import type { z } from 'zod';
import { AUTH_MESSAGES } from '@certs/shared/auth/auth.contract';
import { CASE_MESSAGES, CASE_OUTCOME_LABELS, CASE_STATUS_LABELS, CASE_TARGET_DAYS, caseAge, caseReference, caseTargets, OPEN_CASE_STATUSES, type CaseEntry } from '@certs/shared/case/case.contract';
import {
  COMPLAINT_ABOUT_LABELS,
  COMPLAINT_MESSAGES,
  COMPLAINT_PAGES,
  type ComplaintAwardAction,
  type ComplaintBody,
  type ComplaintChange,
  type ComplaintChangeRequest,
  type ComplaintDecisionRequest,
  type ComplaintDetails,
  type ComplaintFilters,
  type ComplaintLodged,
  type ComplaintLookupRequest,
  type ComplaintNoteRequest,
  type ComplaintPersonView,
  type ComplaintRegisterQuery,
  type ComplaintRegisterRow,
  type ComplaintRequest,
  type ComplaintStatusRequest,
  type ComplaintSubjectRequest,
  type ComplaintSummary,
  type PublicComplaintRequest,
} from '@certs/shared/complaint/complaint.contract';
import type { Executor } from '../../db/executor';
import type { CaseChange } from '../../db/schema/appeal';
import { AppError } from '../../platform/app-error';
import { employerCompanyOf, staffAccountOf, type CurrentUser } from '../../platform/auth/authenticate';
import type { MailService, OutgoingMail } from '../../platform/mail/mail.service';
import { accountZone, dayIn } from '../account/account-time-zone';
import { decisionRefusal, handlerRefusal } from './complaint.policy';
import { nameOf, type ComplaintRepository, type ComplaintRow } from './complaint.repository';

/** Counts requests of one client address and refuses those over its budget (429). */
export interface AddressLimit {
  admit(clientAddress: string): Promise<void>;
}
/** Counts mails caused by unauthenticated requests, per target email and per client address (issue 15). */
export interface MailLimit {
  admit(email: string, clientAddress: string): Promise<void>;
}

/** One staff member as a complaint's handler, where the complaint names a program and comes from an applicant. */
export interface ComplaintHandlerCheck {
  programId: string;
  applicantUserId: string;
  staffUserId: string;
}

/**
 * The impartiality declarations (issue 43): a staff member with a declared conflict against the
 * complainant (or the complainant's employer), or employed by that employer, may not handle the
 * complaint. Wired from the impartiality module's guard (complaint.module.ts), which judges a
 * person on an applicant in a program; without it only the complaint's own rule (not the person
 * it is about) holds.
 */
export interface HandlerImpartiality {
  /** The reasons against, for the screen's list of handlers; nothing is recorded. */
  reasonsAgainst(check: ComplaintHandlerCheck): Promise<string[]>;
  /** Refuses (409, kept on the impartiality record) a handler with reasons against; resolves when clear. */
  assertHandler(actor: CurrentUser, check: ComplaintHandlerCheck): Promise<void>;
}

export interface ComplaintDeps {
  repository: ComplaintRepository;
  mail: Pick<MailService, 'send'>;
  publicUrl: string;
  limits: { lodge: AddressLimit; lookup: AddressLimit; mail: MailLimit };
  impartiality?: HandlerImpartiality;
  now?: () => Date;
}

type Account = { id: string; name: string; timeZone: string };
type PersonRow = NonNullable<Awaited<ReturnType<ComplaintRepository['findByReference']>>>;
type StaffRow = NonNullable<Awaited<ReturnType<ComplaintRepository['findForStaff']>>>;

interface Complainant {
  kind: 'applicant' | 'employer' | 'public';
  userId: string | null;
  name: string;
  email: string;
}

const showDay = (day: string) => dayjs(day).format('DD-MMM-YYYY');

/**
 * Complaints (issue 43, ISO/IEC 17024 9.9): lodged by an applicant, a company's coordinator or
 * anyone (the public form, limited per client address and per email, with a honeypot field);
 * acknowledged by mail with the reference; handled by a staff member who is not the person it is
 * about (nor one with a declared conflict with the complainant); investigated in entries, some
 * shared with the complainant; decided with reasons mailed to them; and what changed because of it
 * recorded, linked to a certificate's history where a certificate was acted on.
 */
export class ComplaintService {
  constructor(private readonly deps: ComplaintDeps) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  private get repository(): ComplaintRepository {
    return this.deps.repository;
  }

  // ---- Lodging ---------------------------------------------------------------------------------

  async bodies(): Promise<ComplaintBody[]> {
    return this.repository.findBodies();
  }

  async lodgePublic(input: z.output<typeof PublicComplaintRequest>, clientAddress: string): Promise<ComplaintLodged> {
    const { account: named, website, name, email, ...rest } = input;
    const target = await this.targetOf(named, rest.programId);
    if (website) {
      // The hidden field a person never fills: answered as received (so the bot learns nothing), nothing kept or mailed.
      const day = dayIn(target.account.timeZone, this.now());
      return { reference: caseReference('CMP', Number(day.slice(0, 4)), 0), message: COMPLAINT_MESSAGES.received, decideBy: caseTargets(day, CASE_TARGET_DAYS.complaintDecision).decideBy };
    }
    await this.deps.limits.lodge.admit(clientAddress);
    await this.deps.limits.mail.admit(email, clientAddress);
    return this.lodge(target, { kind: 'public', userId: null, name, email }, rest);
  }

  async lodgeAsApplicant(actor: CurrentUser, input: z.output<typeof ComplaintRequest>): Promise<ComplaintLodged> {
    if (actor.userType !== 'applicant') throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    return this.lodgeSignedIn(actor, 'applicant', input);
  }

  async lodgeAsEmployer(actor: CurrentUser, input: z.output<typeof ComplaintRequest>): Promise<ComplaintLodged> {
    employerCompanyOf(actor);
    return this.lodgeSignedIn(actor, 'employer', input);
  }

  private async lodgeSignedIn(actor: CurrentUser, kind: 'applicant' | 'employer', input: z.output<typeof ComplaintRequest>): Promise<ComplaintLodged> {
    const { account: named, ...rest } = input;
    const target = await this.targetOf(named, rest.programId);
    const person = await this.repository.findPerson(actor.id);
    if (!person) throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.unauthorized);
    return this.lodge(target, { kind, userId: actor.id, name: `${person.firstName} ${person.lastName}`.trim(), email: person.email }, rest);
  }

  /** The body a complaint goes to: the one named (short name or id) or the program's; both given, they must agree. */
  private async targetOf(named: string | undefined, programId: string | undefined): Promise<{ account: Account; program: { id: string; programCode: string; programTitle: string } | null }> {
    let account: Account | undefined;
    if (named) {
      account = await this.repository.findAccount(named);
      if (!account) throw new AppError('BAD_REQUEST', COMPLAINT_MESSAGES.unknownBody, { account: COMPLAINT_MESSAGES.unknownBody });
    }
    if (!programId) return { account: account!, program: null };
    const program = await this.repository.findProgram(programId);
    if (!program || (account && program.accountId !== account.id)) throw new AppError('BAD_REQUEST', COMPLAINT_MESSAGES.unknownProgram, { programId: COMPLAINT_MESSAGES.unknownProgram });
    account ??= await this.repository.findAccountById(program.accountId);
    return { account: account!, program };
  }

  private async lodge(
    target: { account: Account; program: { id: string; programCode: string; programTitle: string } | null },
    complainant: Complainant,
    input: { about: ComplaintRow['about']; aboutText: string; details: string },
  ): Promise<ComplaintLodged> {
    const now = this.now();
    const day = dayIn(target.account.timeZone, now);
    const targets = caseTargets(day, CASE_TARGET_DAYS.complaintDecision);
    const complaint = await this.repository.transaction(async (tx) => {
      const reference = caseReference('CMP', Number(day.slice(0, 4)), await this.repository.nextReferenceNumber(tx));
      const row = await this.repository.insert(tx, {
        accountId: target.account.id,
        reference,
        about: input.about,
        aboutText: input.aboutText,
        programId: target.program?.id ?? null,
        complainantKind: complainant.kind,
        complainantUserId: complainant.userId,
        complainantName: complainant.name,
        complainantEmail: complainant.email,
        details: input.details,
        receivedOn: now,
        acknowledgedOn: now,
        ...targets,
        createdBy: complainant.userId,
        modifiedBy: complainant.userId,
      });
      await this.deps.mail.send(this.acknowledgementMail(row, target), tx);
      await this.repository.insertEntry(tx, { accountId: row.accountId, complaintId: row.id, kind: 'mail', text: `Acknowledgement mailed to ${row.complainantEmail}`, isShared: false, actorId: null });
      return row;
    });
    return { reference: complaint.reference, message: COMPLAINT_MESSAGES.received, decideBy: complaint.decideBy };
  }

  // ---- The complainant's reads -----------------------------------------------------------------

  async lookup(input: z.output<typeof ComplaintLookupRequest>, clientAddress: string): Promise<ComplaintPersonView> {
    await this.deps.limits.lookup.admit(clientAddress);
    const found = await this.repository.findByReference(input.reference, input.email);
    if (!found) throw new AppError('NOT_FOUND', COMPLAINT_MESSAGES.lookupNotFound);
    return this.personView(found);
  }

  async mine(actor: CurrentUser): Promise<ComplaintSummary[]> {
    const rows = await this.repository.findOwned(this.ownerOf(actor));
    return rows.map(({ complaint, bodyName }) => ({
      id: complaint.id,
      reference: complaint.reference,
      bodyName,
      about: complaint.about,
      aboutText: complaint.aboutText,
      status: complaint.status,
      receivedOn: complaint.receivedOn.toISOString(),
      decideBy: complaint.decideBy,
      outcome: complaint.outcome,
      complainantName: complaint.complainantName,
    }));
  }

  async mineById(actor: CurrentUser, id: string): Promise<ComplaintPersonView> {
    const found = await this.repository.findOwnedById(this.ownerOf(actor), id);
    if (!found) throw new AppError('NOT_FOUND', COMPLAINT_MESSAGES.notFound);
    return this.personView(found);
  }

  private ownerOf(actor: CurrentUser): { userId: string } | { companyId: string } {
    if (actor.userType === 'applicant') return { userId: actor.id };
    if (actor.userType === 'employer') return { companyId: employerCompanyOf(actor) };
    throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
  }

  /** Their own words, status, dates, shared entries and the outcome: nothing staff linked it to. */
  private async personView(found: PersonRow): Promise<ComplaintPersonView> {
    const { complaint } = found;
    const entries = await this.repository.findEntries(complaint.id, { sharedOnly: true });
    return {
      id: complaint.id,
      reference: complaint.reference,
      bodyName: found.bodyName,
      program: found.programCode ? { programCode: found.programCode, programTitle: found.programTitle ?? '' } : null,
      about: complaint.about,
      aboutText: complaint.aboutText,
      details: complaint.details,
      complainantName: complaint.complainantName,
      status: complaint.status,
      receivedOn: complaint.receivedOn.toISOString(),
      acknowledgeBy: complaint.acknowledgeBy,
      decideBy: complaint.decideBy,
      decidedOn: complaint.decidedOn?.toISOString() ?? null,
      outcome: complaint.outcome,
      outcomeReasons: complaint.status === 'decided' ? complaint.outcomeReasons : null,
      entries: entries.map(({ entry }) => ({ id: entry.id, kind: entry.kind, text: entry.text, sharedWithPerson: true, actorName: null, createdOn: entry.createdOn.toISOString() })),
    };
  }

  // ---- Staff -----------------------------------------------------------------------------------

  private async accountOf(actor: CurrentUser): Promise<Account> {
    const accountId = staffAccountOf(actor);
    const account = await this.repository.findAccountById(accountId);
    if (!account) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    return { ...account, timeZone: accountZone(account.timeZone) };
  }

  /** Days since receipt and whether it is overdue, in the body's days; a closed complaint's age stops the day it closed. */
  private ageOf(complaint: ComplaintRow, timeZone: string, today: string) {
    const closedOn = complaint.decidedOn ?? (complaint.status === 'withdrawn' ? complaint.modifiedOn : null);
    return caseAge(dayIn(timeZone, complaint.receivedOn), complaint.decideBy, complaint.status, closedOn ? dayIn(timeZone, closedOn) : today);
  }

  async register(actor: CurrentUser, query: z.output<typeof ComplaintRegisterQuery>) {
    const account = await this.accountOf(actor);
    const today = dayIn(account.timeZone, this.now());
    const { rows, totalRows } = await this.repository.findRegisterPage({
      accountId: account.id,
      page: query.page,
      pageSize: query.pageSize,
      search: query.search?.trim() || undefined,
      status: query.status,
      about: query.about,
      programId: query.programId,
      handlerId: query.handlerId,
      overdueOn: query.overdue ? { today, isOverdue: query.overdue === 'true' } : undefined,
    });
    const out: ComplaintRegisterRow[] = rows.map(({ complaint, programCode, handlerFirstName, handlerLastName }) => ({
      id: complaint.id,
      reference: complaint.reference,
      about: complaint.about,
      aboutText: complaint.aboutText,
      complainantKind: complaint.complainantKind,
      complainantName: complaint.complainantName,
      programCode,
      status: complaint.status,
      outcome: complaint.outcome,
      handlerName: nameOf(handlerFirstName, handlerLastName),
      receivedOn: complaint.receivedOn.toISOString(),
      decideBy: complaint.decideBy,
      decidedOn: complaint.decidedOn?.toISOString() ?? null,
      ...this.ageOf(complaint, account.timeZone, today),
    }));
    return { rows: out, page: query.page, pageSize: query.pageSize, totalRows };
  }

  async filters(actor: CurrentUser): Promise<ComplaintFilters> {
    const accountId = staffAccountOf(actor);
    const [programs, staff] = await Promise.all([this.repository.findPrograms(accountId), this.repository.findStaff(accountId)]);
    return { programs, staff: staff.map((member) => ({ id: member.id, name: `${member.firstName} ${member.lastName}`.trim() })) };
  }

  private async found(actor: CurrentUser, id: string): Promise<StaffRow> {
    const row = await this.repository.findForStaff(id, staffAccountOf(actor));
    if (!row) throw new AppError('NOT_FOUND', COMPLAINT_MESSAGES.notFound);
    return row;
  }

  /**
   * The impartiality check's terms for this complaint, when it has them: a program, and a complainant
   * who signed in (an applicant, or an employer's user: the check reads their company as the
   * employer). A member of the public names no one the declarations can be held against.
   */
  private impartialityCheckOf(complaint: ComplaintRow, staffUserId: string): ComplaintHandlerCheck | null {
    if (!this.deps.impartiality || !complaint.programId || complaint.complainantKind === 'public' || !complaint.complainantUserId) return null;
    return { programId: complaint.programId, applicantUserId: complaint.complainantUserId, staffUserId };
  }

  /** Why a staff member may not handle this complaint: its subject, or (the impartiality guard) a declared conflict with the complainant. */
  private async handlerRefusalOf(candidateId: string, complaint: ComplaintRow): Promise<string | null> {
    const own = handlerRefusal(candidateId, complaint);
    if (own) return own;
    const check = this.impartialityCheckOf(complaint, candidateId);
    if (!check) return null;
    const reasons = await this.deps.impartiality!.reasonsAgainst(check);
    return reasons.length ? `Cannot handle it: ${reasons.join('; ')}` : null;
  }

  async details(actor: CurrentUser, id: string): Promise<ComplaintDetails> {
    const account = await this.accountOf(actor);
    const row = await this.found(actor, id);
    const { complaint } = row;
    const [entries, staff, venues, linked] = await Promise.all([
      this.repository.findEntries(complaint.id, { sharedOnly: false }),
      this.repository.findStaff(account.id),
      this.repository.findVenues(account.id),
      this.repository.findLinkedAwards(
        complaint.changes.flatMap((change) => (change.awardId ? [change.awardId] : [])),
        complaint.changes.flatMap((change) => (change.historyId ? [Number(change.historyId)] : [])),
      ),
    ]);
    const handlerOptions = await Promise.all(
      staff.map(async (member) => ({
        id: member.id,
        name: `${member.firstName} ${member.lastName}`.trim(),
        refusal: await this.handlerRefusalOf(member.id, complaint),
      })),
    );
    const changes: ComplaintChange[] = complaint.changes.map((change) => {
      const history = change.historyId ? linked.history.find((item) => String(item.id) === change.historyId) : undefined;
      return {
        description: change.description,
        certificateNumber: linked.awards.find((award) => award.id === change.awardId)?.certificateNumber ?? null,
        awardId: change.awardId ?? null,
        historyId: change.historyId ?? null,
        historyAction: history?.action ?? null,
        historyOn: history?.createdOn.toISOString() ?? null,
      };
    });
    const today = dayIn(account.timeZone, this.now());
    const handlerName = nameOf(row.handlerFirstName, row.handlerLastName);
    return {
      id: complaint.id,
      reference: complaint.reference,
      about: complaint.about,
      aboutText: complaint.aboutText,
      details: complaint.details,
      program: complaint.programId && row.programCode ? { id: complaint.programId, programCode: row.programCode, programTitle: row.programTitle ?? '' } : null,
      complainantKind: complaint.complainantKind,
      complainantName: complaint.complainantName,
      complainantEmail: complaint.complainantEmail,
      complainantCompany: row.companyName,
      subject: {
        userId: complaint.aboutUserId,
        userName: nameOf(row.subjectFirstName, row.subjectLastName),
        venueId: complaint.aboutVenueId,
        venueTitle: row.venueTitle,
        certificateNumber: row.certificateNumber,
      },
      status: complaint.status,
      handler: complaint.handlerId && handlerName ? { id: complaint.handlerId, name: handlerName } : null,
      receivedOn: complaint.receivedOn.toISOString(),
      acknowledgedOn: complaint.acknowledgedOn?.toISOString() ?? null,
      acknowledgeBy: complaint.acknowledgeBy,
      decideBy: complaint.decideBy,
      ...this.ageOf(complaint, account.timeZone, today),
      decidedOn: complaint.decidedOn?.toISOString() ?? null,
      decidedBy: nameOf(row.deciderFirstName, row.deciderLastName),
      outcome: complaint.outcome,
      outcomeReasons: complaint.outcomeReasons,
      changes,
      entries: entries.map(({ entry, actorFirstName, actorLastName }): CaseEntry => ({
        id: entry.id,
        kind: entry.kind,
        text: entry.text,
        sharedWithPerson: entry.sharedWithPerson === 'yes',
        actorName: nameOf(actorFirstName, actorLastName),
        createdOn: entry.createdOn.toISOString(),
      })),
      handlerOptions,
      venueOptions: venues,
      cannotDecideBecause: decisionRefusal(actor, complaint),
    };
  }

  /** Locks the account's complaint for a change; another account's (or an unknown id) is a 404. */
  private async locked(tx: Executor, actor: CurrentUser, id: string): Promise<ComplaintRow> {
    const row = await this.repository.lock(tx, id, staffAccountOf(actor));
    if (!row) throw new AppError('NOT_FOUND', COMPLAINT_MESSAGES.notFound);
    return row;
  }

  private refuseUnlessOpen(complaint: ComplaintRow): void {
    if (complaint.status === 'decided') throw new AppError('CONFLICT', CASE_MESSAGES.alreadyDecided);
    if (complaint.status === 'withdrawn') throw new AppError('CONFLICT', COMPLAINT_MESSAGES.withdrawn);
  }

  async assignHandler(actor: CurrentUser, id: string, handlerId: string): Promise<ComplaintDetails> {
    const accountId = staffAccountOf(actor);
    const before = (await this.found(actor, id)).complaint;
    // The impartiality guard judges (and records a refusal) before the change's transaction, as it asks.
    const check = this.impartialityCheckOf(before, handlerId);
    if (check && !handlerRefusal(handlerId, before) && (await this.repository.findStaffMember(accountId, handlerId))) await this.deps.impartiality!.assertHandler(actor, check);
    await this.repository.transaction(async (tx) => {
      const complaint = await this.locked(tx, actor, id);
      this.refuseUnlessOpen(complaint);
      const member = await this.repository.findStaffMember(accountId, handlerId, tx);
      if (!member) throw new AppError('BAD_REQUEST', CASE_MESSAGES.handlerNotStaff, { handlerId: CASE_MESSAGES.handlerNotStaff });
      const refusal = handlerRefusal(member.id, complaint);
      if (refusal) throw new AppError('CONFLICT', refusal, { handlerId: refusal });
      if (complaint.handlerId === member.id) return;
      const name = `${member.firstName} ${member.lastName}`.trim();
      await this.repository.update(tx, id, { handlerId: member.id, modifiedBy: actor.id, ...(complaint.status === 'received' ? { status: 'investigating' as const } : {}) });
      await this.repository.insertEntry(tx, { accountId, complaintId: id, kind: 'handler', text: `Handler: ${name}`, isShared: false, actorId: actor.id });
      if (complaint.status === 'received') {
        await this.repository.insertEntry(tx, { accountId, complaintId: id, kind: 'status', text: CASE_STATUS_LABELS.investigating, isShared: false, actorId: actor.id });
      }
      if (member.id !== actor.id) await this.deps.mail.send(this.handlerMail(complaint, member), tx);
    });
    return this.details(actor, id);
  }

  async setStatus(actor: CurrentUser, id: string, input: z.output<typeof ComplaintStatusRequest>): Promise<ComplaintDetails> {
    const accountId = staffAccountOf(actor);
    await this.repository.transaction(async (tx) => {
      const complaint = await this.locked(tx, actor, id);
      if (!OPEN_CASE_STATUSES.includes(complaint.status)) throw new AppError('CONFLICT', COMPLAINT_MESSAGES.notOpen);
      if (complaint.status === input.status) return;
      await this.repository.update(tx, id, { status: input.status, modifiedBy: actor.id });
      const text = input.note ? `${CASE_STATUS_LABELS[input.status]}: ${input.note}` : CASE_STATUS_LABELS[input.status];
      await this.repository.insertEntry(tx, { accountId, complaintId: id, kind: 'status', text, isShared: false, actorId: actor.id });
      if (input.status === 'withdrawn') await this.deps.mail.send(this.withdrawnMail(complaint), tx);
    });
    return this.details(actor, id);
  }

  async setSubject(actor: CurrentUser, id: string, input: z.output<typeof ComplaintSubjectRequest>): Promise<ComplaintDetails> {
    const accountId = staffAccountOf(actor);
    await this.repository.transaction(async (tx) => {
      const complaint = await this.locked(tx, actor, id);
      let aboutUserId = input.aboutUserId;
      let subjectName: string | null = null;
      if (aboutUserId) {
        const member = await this.repository.findStaffMember(accountId, aboutUserId, tx);
        if (!member) throw new AppError('BAD_REQUEST', COMPLAINT_MESSAGES.examinerNotFound, { aboutUserId: COMPLAINT_MESSAGES.examinerNotFound });
        subjectName = `${member.firstName} ${member.lastName}`.trim();
      }
      let aboutAwardId: string | null = null;
      if (input.certificateNumber) {
        const award = await this.repository.findAward(accountId, input.certificateNumber, tx);
        if (!award) throw new AppError('BAD_REQUEST', COMPLAINT_MESSAGES.certificateNotFound, { certificateNumber: COMPLAINT_MESSAGES.certificateNotFound });
        aboutAwardId = award.id;
        // A complaint about a certificate's holder is about the holder in person.
        aboutUserId ??= award.holderUserId;
      }
      if (input.aboutVenueId && !(await this.repository.findVenue(accountId, input.aboutVenueId, tx))) {
        throw new AppError('BAD_REQUEST', COMPLAINT_MESSAGES.venueNotFound, { aboutVenueId: COMPLAINT_MESSAGES.venueNotFound });
      }
      if (input.programId) {
        const program = await this.repository.findProgram(input.programId, tx);
        if (!program || program.accountId !== accountId) throw new AppError('BAD_REQUEST', COMPLAINT_MESSAGES.unknownProgram, { programId: COMPLAINT_MESSAGES.unknownProgram });
      }
      if (aboutUserId && complaint.handlerId === aboutUserId) throw new AppError('CONFLICT', CASE_MESSAGES.handlerIsSubject, { aboutUserId: CASE_MESSAGES.handlerIsSubject });
      await this.repository.update(tx, id, { about: input.about, aboutUserId, aboutVenueId: input.aboutVenueId, aboutAwardId, programId: input.programId, modifiedBy: actor.id });
      const named = [subjectName, input.certificateNumber ? `certificate ${input.certificateNumber}` : null, input.aboutVenueId ? 'a venue' : null].filter(Boolean).join(', ');
      await this.repository.insertEntry(tx, { accountId, complaintId: id, kind: 'note', text: `Subject recorded: ${COMPLAINT_ABOUT_LABELS[input.about]}${named ? ` (${named})` : ''}`, isShared: false, actorId: actor.id });
    });
    return this.details(actor, id);
  }

  async addNote(actor: CurrentUser, id: string, input: z.output<typeof ComplaintNoteRequest>): Promise<ComplaintDetails> {
    const accountId = staffAccountOf(actor);
    await this.repository.transaction(async (tx) => {
      const complaint = await this.locked(tx, actor, id);
      await this.repository.insertEntry(tx, { accountId, complaintId: id, kind: 'note', text: input.text, isShared: input.sharedWithPerson, actorId: actor.id });
      if (input.sharedWithPerson) await this.deps.mail.send(this.updateMail(complaint, input.text), tx);
    });
    return this.details(actor, id);
  }

  async decide(actor: CurrentUser, id: string, input: z.output<typeof ComplaintDecisionRequest>): Promise<ComplaintDetails> {
    const accountId = staffAccountOf(actor);
    await this.repository.transaction(async (tx) => {
      const complaint = await this.locked(tx, actor, id);
      const refusal = decisionRefusal(actor, complaint);
      if (refusal === COMPLAINT_MESSAGES.deciderNotAllowed || refusal === COMPLAINT_MESSAGES.deciderIsSubject) throw new AppError('FORBIDDEN', refusal);
      if (refusal) throw new AppError('CONFLICT', refusal);
      const now = this.now();
      await this.repository.update(tx, id, { status: 'decided', outcome: input.outcome, outcomeReasons: input.reasons, decidedOn: now, decidedBy: actor.id, modifiedBy: actor.id });
      await this.repository.insertEntry(tx, { accountId, complaintId: id, kind: 'outcome', text: `${CASE_OUTCOME_LABELS[input.outcome]}: ${input.reasons}`, isShared: false, actorId: actor.id });
      await this.deps.mail.send(this.decisionMail(complaint, input.outcome, input.reasons), tx);
      await this.repository.insertEntry(tx, { accountId, complaintId: id, kind: 'mail', text: `Outcome and reasons mailed to ${complaint.complainantEmail}`, isShared: false, actorId: actor.id });
    });
    return this.details(actor, id);
  }

  /** What was done because of the complaint; linked to a certificate's action (its history row) where a certificate was acted on. */
  async addChange(actor: CurrentUser, id: string, input: z.output<typeof ComplaintChangeRequest>): Promise<ComplaintDetails> {
    const accountId = staffAccountOf(actor);
    await this.repository.transaction(async (tx) => {
      const complaint = await this.locked(tx, actor, id);
      const change: CaseChange = { kind: 'other', description: input.description };
      let linkText = '';
      if (input.certificateNumber) {
        const award = await this.repository.findAward(accountId, input.certificateNumber, tx);
        if (!award) throw new AppError('BAD_REQUEST', COMPLAINT_MESSAGES.certificateNotFound, { certificateNumber: COMPLAINT_MESSAGES.certificateNotFound });
        const history = await this.repository.findAwardHistory(award.id, tx);
        const linked = input.historyId ? history.find((item) => String(item.id) === input.historyId) : history[0];
        if (input.historyId && !linked) throw new AppError('BAD_REQUEST', COMPLAINT_MESSAGES.historyNotFound, { historyId: COMPLAINT_MESSAGES.historyNotFound });
        change.awardId = award.id;
        if (linked) change.historyId = String(linked.id);
        linkText = ` (certificate ${award.certificateNumber}${linked ? `: ${linked.action}` : ''})`;
      }
      await this.repository.addChange(tx, complaint.id, change, actor.id);
      await this.repository.insertEntry(tx, { accountId, complaintId: id, kind: 'note', text: `Action taken: ${input.description}${linkText}`, isShared: false, actorId: actor.id });
    });
    return this.details(actor, id);
  }

  async awardActions(actor: CurrentUser, certificateNumber: string): Promise<ComplaintAwardAction[]> {
    const award = await this.repository.findAward(staffAccountOf(actor), certificateNumber);
    if (!award) throw new AppError('NOT_FOUND', COMPLAINT_MESSAGES.certificateNotFound);
    const history = await this.repository.findAwardHistory(award.id);
    return history.map((item) => ({ historyId: String(item.id), action: item.action, fromStatus: item.fromStatus, toStatus: item.toStatus, reason: item.reason, on: item.createdOn.toISOString() }));
  }

  // ---- Mails -----------------------------------------------------------------------------------

  /** Where the complainant reads their complaint: their area when signed in, else the look-up page. */
  private complainantLink(complaint: ComplaintRow): { label: string; url: string } {
    if (complaint.complainantKind === 'applicant') return { label: 'Your complaint', url: `${this.deps.publicUrl}${COMPLAINT_PAGES.applicant}/${complaint.id}` };
    if (complaint.complainantKind === 'employer') return { label: 'Your complaint', url: `${this.deps.publicUrl}${COMPLAINT_PAGES.employer}/${complaint.id}` };
    return { label: 'Follow your complaint', url: `${this.deps.publicUrl}${COMPLAINT_PAGES.lookup}?reference=${encodeURIComponent(complaint.reference)}` };
  }

  private toComplainant(complaint: ComplaintRow, subject: string, paragraphs: string[]): OutgoingMail {
    return {
      to: complaint.complainantEmail,
      toUserId: complaint.complainantUserId,
      accountId: complaint.accountId,
      programId: complaint.programId,
      subject,
      paragraphs: [`Dear ${complaint.complainantName},`, ...paragraphs],
      links: [this.complainantLink(complaint)],
    };
  }

  private acknowledgementMail(complaint: ComplaintRow, target: { account: Account }): OutgoingMail {
    return this.toComplainant(complaint, `Complaint received: ${complaint.reference}`, [
      `We have received your complaint to ${target.account.name}. Its reference is ${complaint.reference}: please quote it when you write to us.`,
      `A staff member who is not involved in what you complain about will look into it. We aim to decide it by ${showDay(complaint.decideBy)} and will write to you with the outcome and our reasons.`,
      complaint.complainantKind === 'public' ? `You can follow it with the reference and this email address.` : `You can follow it in your account.`,
    ]);
  }

  private updateMail(complaint: ComplaintRow, text: string): OutgoingMail {
    return this.toComplainant(complaint, `Update on your complaint: ${complaint.reference}`, [`There is news on your complaint ${complaint.reference}:`, text]);
  }

  private withdrawnMail(complaint: ComplaintRow): OutgoingMail {
    return this.toComplainant(complaint, `Complaint withdrawn: ${complaint.reference}`, [`Your complaint ${complaint.reference} has been withdrawn, and we have closed it.`]);
  }

  private decisionMail(complaint: ComplaintRow, outcome: keyof typeof CASE_OUTCOME_LABELS, reasons: string): OutgoingMail {
    return this.toComplainant(complaint, `Complaint decided: ${complaint.reference}`, [
      `We have decided your complaint ${complaint.reference}. Outcome: ${CASE_OUTCOME_LABELS[outcome]}.`,
      `Our reasons: ${reasons}`,
    ]);
  }

  private handlerMail(complaint: ComplaintRow, handler: { id: string; email: string; firstName: string }): OutgoingMail {
    return {
      to: handler.email,
      toUserId: handler.id,
      accountId: complaint.accountId,
      subject: `Complaint to handle: ${complaint.reference}`,
      paragraphs: [`Dear ${handler.firstName},`, `You have been made the handler of complaint ${complaint.reference} (${COMPLAINT_ABOUT_LABELS[complaint.about]}). Please decide it by ${showDay(complaint.decideBy)}.`],
      links: [{ label: 'The complaint', url: `${this.deps.publicUrl}${COMPLAINT_PAGES.staff}/${complaint.id}` }],
    };
  }
}
