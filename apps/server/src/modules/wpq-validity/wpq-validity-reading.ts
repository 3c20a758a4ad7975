import { confirmationPeriod, dueOfKept, periodDueOn, revalidationWindow, validityOfKept, type KeptDue } from '@certs/shared/wpq/wpq-validity-schedule';
import { WPQ_VALIDITY_MESSAGES as M, type RevalidationFee, type WpqRenewalPage, type WpqRenewalRow, type WpqRenewalSearchRequest, type WpqValidity } from '@certs/shared/wpq/wpq-validity.contract';
import { formatInvoiceNumber } from '@certs/shared/pre-exam/pre-exam-rules';
import type { z } from 'zod';
import { AppError } from '../../platform/app-error';
import { staffAccountOf, type CurrentUser } from '../../platform/auth/authenticate';
import { canSeeApplications, isApplicationAdministrator } from '../application/application-workflow.policy';
import { UUID, forbidden, keptOf, notFound, toConfirmation, toRevalidation, type KeptRecords, type Loaded, type WpqValidityDeps } from './wpq-validity-common';
import type { KeptFacts } from './wpq-validity.repository';

/** A welder's awarded qualification as a company sees it (issue 42): the validity now, what falls due, and the 9.3 b) window. */
export interface HeldQualification {
  facts: KeptFacts;
  validity: WpqValidity;
  /** What falls due, soonest first (`dueOfKept`); empty unless the award is current and the rule says valid. */
  due: KeptDue[];
  /** 9.3 b): the last months of validity in which the two production welds must lie, whether open yet or not. */
  revalidationWindow: { from: string; to: string } | null;
}

/** Reading the validity for the pages: a record's validity and its panel, the employer portal's people, the Welders due list. */
export class WpqValidityReading {
  constructor(
    private readonly deps: Pick<WpqValidityDeps, 'repository' | 'programs' | 'attachments' | 'invoices'>,
    private readonly records: KeptRecords,
  ) {}

  /** The holder reads their own (another's is 404); staff need to see the program's applications (else 403). */
  private async authorizeRead(actor: CurrentUser, recordId: string): Promise<void> {
    const owner = UUID.test(recordId) ? await this.deps.repository.findRecordOwner(recordId) : undefined;
    if (!owner) throw notFound();
    if (actor.userType === 'applicant') {
      if (actor.applicantId !== owner.applicantId) throw notFound();
      return;
    }
    if (!canSeeApplications(actor, await this.deps.programs.programPrivilege(actor, owner.programId))) throw forbidden();
  }

  async validity(actor: CurrentUser, recordId: string): Promise<WpqValidity> {
    await this.authorizeRead(actor, recordId);
    const loaded = await this.records.load(recordId);
    if (!loaded) throw new AppError('NOT_FOUND', M.notAwarded);
    const validity = this.validityOf(loaded);
    // What the panel shows beside a revalidation: each weld's test report (staff decide on them) and the fee's invoice.
    const reportIds = loaded.revalidations.flatMap((row) => row.welds.map((weld) => weld.testReportAttachmentId));
    const files = new Map((reportIds.length ? await this.deps.attachments.findByIds(reportIds) : []).map((file) => [file.id, { name: file.name, resourceKey: file.resourceKey }]));
    const invoices = new Map((await this.deps.repository.findInvoices(loaded.revalidations.flatMap((row) => (row.invoiceId ? [row.invoiceId] : [])))).map((row) => [row.id, row]));
    return {
      ...validity,
      revalidations: validity.revalidations.map((revalidation) => {
        const invoice = revalidation.invoiceId ? invoices.get(revalidation.invoiceId) : undefined;
        return {
          ...revalidation,
          welds: revalidation.welds.map((weld) => ({ ...weld, testReport: files.get(weld.testReportAttachmentId) ?? null })),
          invoice: invoice ? { number: formatInvoiceNumber(invoice.invoiceNumber, invoice.issuer.invoicePrefix), totalCents: invoice.totalCents, currency: invoice.currency, status: invoice.status } : null,
        };
      }),
      revalidationFee: await this.revalidationFeeOf(loaded.facts),
    };
  }

  /** The revalidation fee the welder would be invoiced today (member or non-member, GST-inclusive), where the program offers 9.3 b) revalidation. */
  private async revalidationFeeOf(facts: KeptFacts): Promise<RevalidationFee | null> {
    if (!facts.reValidationProlongation || facts.validityOption !== '9.3b') return null;
    const [{ feeBasis }, issuer] = [await this.deps.invoices.billingOf(facts.applicantId, facts.programId), await this.deps.invoices.invoiceIssuerOf(facts.programId)];
    const amountCents = (feeBasis === 'member' ? facts.revalidationMemberFeeCents : facts.revalidationNonmemberFeeCents) ?? 0;
    return { amountCents, currency: issuer.currency, basis: feeBasis };
  }

  /** For the certificate: the validity and both tables, without an access check (the caller made it). */
  async validityForCertificate(awardId: string): Promise<WpqValidity | null> {
    const facts = await this.deps.repository.findKeptByAward(awardId);
    const loaded = facts ? await this.records.load(facts.recordId) : undefined;
    return loaded ? this.validityOf(loaded) : null;
  }

  private validityOf(loaded: Loaded): WpqValidity {
    const today = this.records.today(loaded.facts);
    const { facts, kept } = loaded;
    const rule = validityOfKept(today, kept);
    const ended = facts.awardStatus === 'expired' && rule.isValid ? { isValid: false, reason: M.noLongerValid } : {};
    // The rule names the period's due day even once it is confirmed; people want the next one still to make.
    let nextConfirmationDue = rule.nextConfirmationDue;
    const period = nextConfirmationDue ? periodDueOn(kept, nextConfirmationDue) : null;
    if (period && kept.confirmedOn.some((c) => c > period.periodStart && c <= period.dueOn)) {
      const following = confirmationPeriod(kept, period.sequence + 1).dueOn;
      nextConfirmationDue = rule.validUntil && following > rule.validUntil ? null : following;
    }
    return {
      wpqRecordId: facts.recordId,
      awardId: facts.awardId,
      certificateNumber: facts.certificateNumber,
      today,
      option: kept.option,
      testDate: kept.testDate,
      ...rule,
      nextConfirmationDue,
      ...ended,
      confirmations: loaded.confirmations.map(toConfirmation),
      revalidations: loaded.revalidations.map(toRevalidation),
      revalidationWindow: this.openRevalidationWindow(loaded, rule, today),
      revalidationFee: null,
      messageConfirmation: facts.messageConfirmation ?? '',
      messageProlongation: facts.reValidationProlongation ? (facts.messageProlongation ?? '') : '',
    };
  }

  /** The days production welds may be from when a revalidation (9.3 b) can be asked for today; null otherwise. */
  private openRevalidationWindow(loaded: Loaded, rule: { isValid: boolean; validUntil: string | null }, today: string): { from: string; to: string } | null {
    if (!loaded.facts.reValidationProlongation || loaded.kept.option !== '9.3b' || !rule.isValid || !rule.validUntil || loaded.facts.awardStatus !== 'current') return null;
    // One open at a time: waiting for a decision, or approved and waiting for its fee.
    if (loaded.revalidations.some((revalidation) => revalidation.status === 'submitted' || revalidation.status === 'invoiced')) return null;
    const window = revalidationWindow(rule.validUntil, loaded.kept);
    return today > window.from ? window : null;
  }

  /**
   * The awarded qualifications (award current or on hold, not ended) of these welders, every
   * account's, each with its validity as `validity` answers it, what falls due and the 9.3 b)
   * window: the employer portal's people (issue 42). No access check: the caller chose the welders.
   */
  async heldBy(applicantIds: readonly string[]): Promise<HeldQualification[]> {
    const { facts, confirmations, revalidations } = await this.deps.repository.findHeldBy(applicantIds);
    return facts.map((row) => {
      const own = { confirmations: confirmations.filter((c) => c.wpqRecordId === row.recordId), revalidations: revalidations.filter((r) => r.wpqRecordId === row.recordId) };
      const loaded: Loaded = { facts: row, kept: keptOf(row, own.confirmations, own.revalidations), ...own };
      const validity = this.validityOf(loaded);
      const isCurrent = row.awardStatus === 'current' && validity.isValid;
      return {
        facts: row,
        validity,
        due: isCurrent ? dueOfKept(validity.today, loaded.kept) : [],
        revalidationWindow: isCurrent && loaded.kept.option === '9.3b' && validity.validUntil ? revalidationWindow(validity.validUntil, loaded.kept) : null,
      };
    });
  }

  /** `applicant/search/wpqrenewal`: welders whose confirmation or end of validity falls due within the days given, in the caller's programs. */
  async searchDue(actor: CurrentUser, query: z.output<typeof WpqRenewalSearchRequest>): Promise<WpqRenewalPage> {
    if (actor.userType !== 'admin') throw forbidden();
    const page = query.currentPage ?? query.page;
    const pageSize = query.perPageCount ?? query.pageSize;
    const readable = new Map<string, boolean>();
    // A program named is one the caller reads (another account's answers 404, as everywhere).
    if (query.programId && !canSeeApplications(actor, await this.deps.programs.programPrivilege(actor, query.programId))) throw forbidden();
    const rows = await this.dueRows({
      programIds: query.programId ? [query.programId] : undefined,
      // Administrators read every program of their account, never another account's.
      accountId: staffAccountOf(actor),
      withinDays: query.withinDays,
      searchTerm: query.searchTerm,
      isReadable: async (programId) => {
        if (!readable.has(programId)) readable.set(programId, isApplicationAdministrator(actor) || canSeeApplications(actor, await this.deps.programs.programPrivilege(actor, programId)));
        return readable.get(programId)!;
      },
    });
    return { rows: rows.slice((page - 1) * pageSize, page * pageSize), page, pageSize, totalRows: rows.length };
  }

  /**
   * How many rows the Welders due list holds for the programs given, or for every program of the
   * account given, within the days given: the dashboard's "confirmations due", counted by the
   * list's own rule.
   */
  async countDue(options: { programIds?: readonly string[]; accountId?: string; withinDays: number }): Promise<number> {
    if (options.programIds && options.programIds.length === 0) return 0;
    return (await this.dueRows({ ...options, isReadable: async () => true })).length;
  }

  /** The welders whose confirmation, revalidation or new test falls due within the days given, soonest first. */
  private async dueRows(options: { programIds?: readonly string[]; accountId?: string; withinDays: number; searchTerm?: string; isReadable: (programId: string) => Promise<boolean> }): Promise<WpqRenewalRow[]> {
    const rows: WpqRenewalRow[] = [];
    const term = options.searchTerm?.trim().toLowerCase();
    for (const facts of await this.deps.repository.findCurrentKept({ programIds: options.programIds, accountId: options.accountId })) {
      if (!(await options.isReadable(facts.programId))) continue;
      const welderName = `${facts.welderFirstName} ${facts.welderLastName}`;
      if (term && ![welderName, facts.welderEmail, facts.certificateNumber, facts.employerName ?? ''].some((v) => v.toLowerCase().includes(term))) continue;
      const loaded = await this.records.load(facts.recordId);
      if (!loaded) continue;
      const today = this.records.today(facts);
      const horizon = new Date(`${today}T00:00:00Z`);
      horizon.setUTCDate(horizon.getUTCDate() + options.withinDays);
      const until = horizon.toISOString().slice(0, 10);
      const rule = validityOfKept(today, loaded.kept);
      if (!rule.isValid) continue;
      const due = dueOfKept(today, loaded.kept);
      // An open revalidation request waits for staff whatever falls due: listed, and said so (issue 45).
      const request = loaded.revalidations.find((revalidation) => revalidation.status === 'submitted' || revalidation.status === 'invoiced');
      const first = due.filter((c) => c.dueOn <= until)[0] ?? (request ? due[0] : undefined);
      if (!first) continue;
      rows.push({
        wpqRecordId: facts.recordId,
        awardId: facts.awardId,
        applicantId: facts.applicantId,
        applicationId: facts.applicationId,
        programId: facts.programId,
        welderName,
        email: facts.welderEmail,
        certificateNumber: facts.certificateNumber,
        programCode: facts.programCode,
        option: loaded.kept.option,
        companyName: facts.employerName,
        nextConfirmationDue: rule.nextConfirmationDue,
        validUntil: rule.validUntil,
        ...first,
        revalidationRequest: request ? { status: request.status as 'submitted' | 'invoiced', submittedBy: request.submittedBy, submittedOn: request.createdOn.toISOString() } : null,
      });
    }
    rows.sort((a, b) => a.dueOn.localeCompare(b.dueOn) || a.certificateNumber.localeCompare(b.certificateNumber));
    return rows;
  }
}
