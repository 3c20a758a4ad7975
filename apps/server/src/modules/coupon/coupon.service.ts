import { AUTH_MESSAGES } from '@certs/shared/auth/auth.contract';
import { searchTermOrUndefined } from '@certs/shared/common/paging';
import {
  COUPON_MESSAGES,
  couponStateOf,
  discountCentsOf,
  discountText,
  type Coupon,
  type CouponPage,
  type CouponProgramOption,
  type CouponValues,
  type CouponVerifyResponse,
  type DiscountType,
} from '@certs/shared/coupon/coupon.contract';
import type { Executor } from '../../db/executor';
import { AppError } from '../../platform/app-error';
import { staffAccountOf, type CurrentUser } from '../../platform/auth/authenticate';
import { canManageApplications } from '../application/application-workflow.policy';
import type { ProgramService } from '../program/program.service';
import { canManageCoupons } from './coupon.policy';
import type { CouponRepository, CouponRow, CouponWithCurrency, CouponWithProgram } from './coupon.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface CouponQuoteInput {
  code: string;
  programId: string;
  programType: number;
  applicantId: string;
  subtotalCents: number;
  at?: Date;
}

export interface CouponQuote {
  couponId: string;
  code: string;
  discountCents: number;
  description: string;
}

export type CouponRedeemInput = CouponQuoteInput & { applicationId: string; invoiceId: string; actorId: string };

function refuse(message: string): AppError {
  return new AppError('BAD_REQUEST', message, { couponCode: message });
}

/** Why this code cannot be used for this program at this moment (not counting the applicant's own use), or null. */
function refusalOf(coupon: CouponRow | undefined, input: CouponQuoteInput, at: Date): string | null {
  if (!coupon) return COUPON_MESSAGES.notFound;
  if (!coupon.active) return COUPON_MESSAGES.notActive;
  const isForProgram = coupon.programId ? coupon.programId === input.programId : coupon.programType === input.programType;
  if (!isForProgram) return COUPON_MESSAGES.wrongProgram;
  if (at.getTime() < coupon.validFrom.getTime()) return COUPON_MESSAGES.notYetValid;
  if (at.getTime() > coupon.validTo.getTime()) return COUPON_MESSAGES.expired;
  if (coupon.usageLimit !== null && coupon.usedCount >= coupon.usageLimit) return COUPON_MESSAGES.usageLimitReached;
  return null;
}

function quoteOf(coupon: CouponWithCurrency, subtotalCents: number): CouponQuote {
  const type = coupon.discountType as DiscountType;
  return {
    couponId: coupon.id,
    code: coupon.code,
    discountCents: discountCentsOf(type, coupon.discountValue, subtotalCents),
    description: `Discount code ${coupon.code} (${discountText(type, coupon.discountValue, coupon.currency)})`,
  };
}

function toCoupon(row: CouponWithProgram): Coupon {
  const type = row.discountType as DiscountType;
  return {
    id: row.id,
    code: row.code,
    description: row.description,
    discountType: type,
    discountValue: row.discountValue,
    discountText: discountText(type, row.discountValue, row.currency),
    appliesTo: row.programId ? 'program' : 'programType',
    programType: row.programType,
    programId: row.programId,
    programCode: row.programCode,
    programTitle: row.programTitle,
    validFrom: row.validFrom.toISOString(),
    validTo: row.validTo.toISOString(),
    usageLimit: row.usageLimit,
    usedCount: row.usedCount,
    active: row.active,
    state: couponStateOf(row),
    createdOn: row.createdOn.toISOString(),
    modifiedOn: row.modifiedOn.toISOString(),
  };
}

/**
 * Discount codes (`programapplicationcoupon`). `quote` and `redeem` are what the pre-exam invoice
 * calls: a code is priced by the server only, and a use is recorded under a lock on the code's row
 * in the invoice's own transaction, so a usage limit holds however many invoices are issued at once.
 */
export class CouponService {
  constructor(
    private readonly repository: CouponRepository,
    private readonly programs: ProgramService,
  ) {}

  /**
   * Validates a code for this program and applicant and prices it against the subtotal; throws
   * AppError('BAD_REQUEST', COUPON_MESSAGES.x, { couponCode: msg }) when it cannot be used. Only a
   * code of the account owning the program counts: another account's code is unknown (decision 033).
   */
  async quote(db: Executor, input: CouponQuoteInput): Promise<CouponQuote> {
    const coupon = await this.repository.findByCode(db, input.code.trim(), input.programId);
    const refusal = refusalOf(coupon, input, input.at ?? new Date());
    if (refusal || !coupon) throw refuse(refusal ?? COUPON_MESSAGES.notFound);
    if (await this.repository.hasRedeemed(db, coupon.id, input.applicantId)) throw refuse(COUPON_MESSAGES.alreadyUsed);
    return quoteOf(coupon, input.subtotalCents);
  }

  /** Inside the caller's transaction: locks the coupon row (FOR UPDATE), re-checks everything, enforces the usage limit and once-per-applicant (unique index), inserts the redemption, increments used_count. */
  async redeem(tx: Executor, input: CouponRedeemInput): Promise<CouponQuote> {
    const coupon = await this.repository.lockByCode(tx, input.code.trim(), input.programId);
    const refusal = refusalOf(coupon, input, input.at ?? new Date());
    if (refusal || !coupon) throw refuse(refusal ?? COUPON_MESSAGES.notFound);
    if (await this.repository.hasRedeemed(tx, coupon.id, input.applicantId)) throw refuse(COUPON_MESSAGES.alreadyUsed);
    const quote = quoteOf(coupon, input.subtotalCents);
    const inserted = await this.repository.insertRedemption(tx, {
      couponId: coupon.id,
      applicantId: input.applicantId,
      applicationId: input.applicationId,
      invoiceId: input.invoiceId,
      discountCents: quote.discountCents,
      createdBy: input.actorId,
      modifiedBy: input.actorId,
    });
    if (inserted === 'duplicate') throw refuse(COUPON_MESSAGES.alreadyUsed);
    return quote;
  }

  async findPage(actor: CurrentUser, query: { page: number; pageSize: number; searchTerm?: string }): Promise<CouponPage> {
    assertCanManage(actor);
    const { rows, totalRows } = await this.repository.findPage(staffAccountOf(actor), query.page, query.pageSize, searchTermOrUndefined(query.searchTerm));
    return { rows: rows.map(toCoupon), page: query.page, pageSize: query.pageSize, totalRows };
  }

  async findOne(actor: CurrentUser, id: string): Promise<Coupon> {
    assertCanManage(actor);
    return toCoupon(await this.existing(actor, id));
  }

  async findForProgramType(actor: CurrentUser, programType: number): Promise<Coupon[]> {
    assertCanManage(actor);
    return (await this.repository.findForProgramType(staffAccountOf(actor), programType)).map(toCoupon);
  }

  async findProgramOptions(actor: CurrentUser, searchTerm?: string): Promise<CouponProgramOption[]> {
    assertCanManage(actor);
    return this.repository.findProgramOptions(staffAccountOf(actor), searchTermOrUndefined(searchTerm));
  }

  async create(actor: CurrentUser, input: CouponValues): Promise<Coupon> {
    assertCanManage(actor);
    const accountId = staffAccountOf(actor);
    await this.assertProgramExists(input.programId, accountId);
    const row = await this.repository.insert({ ...input, accountId, usedCount: 0, createdBy: actor.id, modifiedBy: actor.id });
    if (row === 'duplicate') throw codeTaken();
    return toCoupon(await this.existing(actor, row.id));
  }

  /** Description, validity, limit and the active flag can always change; the code, discount and scope only until the code is first used. */
  async update(actor: CurrentUser, id: string, input: CouponValues): Promise<Coupon> {
    assertCanManage(actor);
    const { accountId } = await this.existing(actor, id);
    await this.assertProgramExists(input.programId, accountId);
    await this.repository.transaction(async (tx) => {
      // Locked like a redemption, so the count of uses read here is the one the limit is checked against.
      const locked = await this.repository.lockById(tx, id, accountId);
      if (!locked) throw new AppError('NOT_FOUND', COUPON_MESSAGES.couponNotFound);
      if (locked.usedCount > 0) {
        const changed =
          locked.code !== input.code ||
          locked.discountType !== input.discountType ||
          locked.discountValue !== input.discountValue ||
          locked.programType !== input.programType ||
          locked.programId !== input.programId;
        if (changed) throw new AppError('CONFLICT', COUPON_MESSAGES.lockedOnceUsed, { discountValue: COUPON_MESSAGES.lockedOnceUsed });
      }
      if (input.usageLimit !== null && input.usageLimit < locked.usedCount) {
        const message = COUPON_MESSAGES.usageLimitBelowUsed(locked.usedCount);
        throw new AppError('BAD_REQUEST', message, { usageLimit: message });
      }
      const row = await this.repository.update(tx, id, { ...input, modifiedBy: actor.id, modifiedOn: new Date() });
      if (row === 'duplicate') throw codeTaken();
    });
    return toCoupon(await this.existing(actor, id));
  }

  /**
   * Staff at the pre-exam stage check a code for an applicant: its terms and, given a subtotal, the
   * discount; a code that cannot be used answers 400 with the reason. Staff with Discount Codes, or
   * who manage the program's applications.
   */
  async verify(actor: CurrentUser, params: { programId: string; applicantId: string; code: string }, subtotalCents: number | undefined): Promise<CouponVerifyResponse> {
    if (actor.userType !== 'admin') throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    // Another account's program is not found; a code is then checked against the program's (the caller's) account.
    const program = UUID.test(params.programId) ? await this.repository.findProgram(params.programId, staffAccountOf(actor)) : undefined;
    if (!program) throw new AppError('NOT_FOUND', COUPON_MESSAGES.programNotFound);
    if (!canManageCoupons(actor) && !canManageApplications(actor, await this.programs.programPrivilege(actor, program.id))) {
      throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    }
    if (!UUID.test(params.applicantId) || !(await this.repository.applicantExists(params.applicantId))) throw new AppError('NOT_FOUND', COUPON_MESSAGES.applicantNotFound);
    const quote = await this.quote(this.repository.executor, {
      code: params.code,
      programId: program.id,
      programType: program.programType,
      applicantId: params.applicantId,
      subtotalCents: subtotalCents ?? 0,
    });
    const coupon = await this.existing(actor, quote.couponId);
    return {
      couponId: coupon.id,
      code: coupon.code,
      description: coupon.description,
      discountType: coupon.discountType as DiscountType,
      discountValue: coupon.discountValue,
      discountText: discountText(coupon.discountType as DiscountType, coupon.discountValue, coupon.currency),
      validTo: coupon.validTo.toISOString(),
      subtotalCents: subtotalCents ?? null,
      discountCents: subtotalCents === undefined ? null : quote.discountCents,
      totalCents: subtotalCents === undefined ? null : subtotalCents - quote.discountCents,
    };
  }

  /** A code of the caller's account; another account's answers 404 as if it did not exist. */
  private async existing(actor: CurrentUser, id: string): Promise<CouponWithProgram> {
    const row = UUID.test(id) ? await this.repository.findById(id, staffAccountOf(actor)) : undefined;
    if (!row) throw new AppError('NOT_FOUND', COUPON_MESSAGES.couponNotFound);
    return row;
  }

  /** A code is for a program of its own account only: another account's program is as unknown as none. */
  private async assertProgramExists(programId: string | null, accountId: string): Promise<void> {
    if (programId && !(await this.repository.findProgram(programId, accountId))) {
      throw new AppError('BAD_REQUEST', COUPON_MESSAGES.programNotFound, { programId: COUPON_MESSAGES.programNotFound });
    }
  }
}

function assertCanManage(actor: CurrentUser): void {
  if (!canManageCoupons(actor)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
}

function codeTaken(): AppError {
  return new AppError('CONFLICT', COUPON_MESSAGES.codeTaken, { code: COUPON_MESSAGES.codeTaken });
}
