import { and, asc, count, desc, eq, getTableColumns, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { Executor } from '../../db/executor';
import { couponRedemptions, coupons } from '../../db/schema/payment';
import { programs } from '../../db/schema/program';
import { applicants } from '../../db/schema/user';
import { accountCurrencyOf } from '../account/account-currency';

export type CouponRow = typeof coupons.$inferSelect;
/** A code with its account's currency (a fixed discount reads "NZ$50.00" for a New Zealand body). */
export type CouponWithCurrency = CouponRow & { currency: string };
export type CouponWithProgram = CouponWithCurrency & { programCode: string | null; programTitle: string | null };

const likeEscaped = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const withProgram = {
  coupon: coupons,
  currency: accountCurrencyOf(coupons.accountId),
  programCode: programs.programCode,
  programTitle: programs.programTitle,
};
const flatten = (row: { coupon: CouponRow; currency: string; programCode: string | null; programTitle: string | null }): CouponWithProgram => ({
  ...row.coupon,
  currency: row.currency,
  programCode: row.programCode,
  programTitle: row.programTitle,
});

const withCurrency = { ...getTableColumns(coupons), currency: accountCurrencyOf(coupons.accountId) };

/** A code, whatever its case, of the account that owns the program. */
function codeForProgram(code: string, programId: string): SQL {
  const accountOfProgram = sql`(select ${programs.accountId} from ${programs} where ${programs.id} = ${programId})`;
  return and(sql`upper(${coupons.code}) = ${code.toUpperCase()}`, eq(coupons.accountId, accountOfProgram)) as SQL;
}

async function orDuplicate<T>(work: Promise<T>): Promise<T | 'duplicate'> {
  try {
    return await work;
  } catch (error) {
    if (isUniqueViolation(error)) return 'duplicate';
    throw error;
  }
}

/**
 * Discount codes and who used them. Codes are stored upper-case; the unique index is on upper(code).
 * Each account keeps its own codes (decision 033): every read names the account, directly or as the
 * account owning the program a code is used for, so another account's code is not found.
 */
export class CouponRepository {
  constructor(private readonly db: Database) {}

  /** The database itself, for reads outside a transaction. */
  get executor(): Executor {
    return this.db;
  }

  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(tx));
  }

  async findPage(accountId: string, page: number, pageSize: number, search?: string) {
    const where = and(eq(coupons.accountId, accountId), search ? or(ilike(coupons.code, likeEscaped(search)), ilike(coupons.description, likeEscaped(search))) : undefined);
    const [total] = await this.db.select({ n: count() }).from(coupons).where(where);
    const rows = await this.db
      .select(withProgram)
      .from(coupons)
      .leftJoin(programs, eq(programs.id, coupons.programId))
      .where(where)
      .orderBy(desc(coupons.createdOn), asc(coupons.code))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    return { rows: rows.map(flatten), totalRows: total?.n ?? 0 };
  }

  /** The account's codes that apply to programs of a type: for the type itself, or for one program of it. */
  async findForProgramType(accountId: string, programType: number): Promise<CouponWithProgram[]> {
    const rows = await this.db
      .select(withProgram)
      .from(coupons)
      .leftJoin(programs, eq(programs.id, coupons.programId))
      .where(and(eq(coupons.accountId, accountId), or(and(isNull(coupons.programId), eq(coupons.programType, programType)), eq(programs.programType, programType))))
      .orderBy(asc(coupons.code));
    return rows.map(flatten);
  }

  async findById(id: string, accountId: string, db: Executor = this.db): Promise<CouponWithProgram | undefined> {
    const [row] = await db
      .select(withProgram)
      .from(coupons)
      .leftJoin(programs, eq(programs.id, coupons.programId))
      .where(and(eq(coupons.id, id), eq(coupons.accountId, accountId)));
    return row ? flatten(row) : undefined;
  }

  /** The code as used for a program: only a code of the account owning that program (another account's is not found). */
  async findByCode(db: Executor, code: string, programId: string): Promise<CouponWithCurrency | undefined> {
    const [row] = await db.select(withCurrency).from(coupons).where(codeForProgram(code, programId));
    return row;
  }

  /** The code's row (of the program's account), locked until the caller's transaction ends: redemptions of one code queue here. */
  async lockByCode(tx: Executor, code: string, programId: string): Promise<CouponWithCurrency | undefined> {
    const [row] = await tx.select(withCurrency).from(coupons).where(codeForProgram(code, programId)).for('update');
    return row;
  }

  async lockById(tx: Executor, id: string, accountId: string): Promise<CouponRow | undefined> {
    const [row] = await tx
      .select()
      .from(coupons)
      .where(and(eq(coupons.id, id), eq(coupons.accountId, accountId)))
      .for('update');
    return row;
  }

  async insert(values: typeof coupons.$inferInsert & { accountId: string }): Promise<CouponRow | 'duplicate'> {
    return orDuplicate(this.db.insert(coupons).values(values).returning().then(([row]) => row!));
  }

  async update(tx: Executor, id: string, values: Partial<typeof coupons.$inferInsert>): Promise<CouponRow | undefined | 'duplicate'> {
    return orDuplicate(tx.update(coupons).set(values).where(eq(coupons.id, id)).returning().then(([row]) => row));
  }

  async hasRedeemed(db: Executor, couponId: string, applicantId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: couponRedemptions.id })
      .from(couponRedemptions)
      .where(and(eq(couponRedemptions.couponId, couponId), eq(couponRedemptions.applicantId, applicantId)));
    return !!row;
  }

  /** Records a use and counts it, in the caller's transaction; 'duplicate' when the applicant has used the code already. */
  async insertRedemption(tx: Executor, values: typeof couponRedemptions.$inferInsert): Promise<'ok' | 'duplicate'> {
    const inserted = await orDuplicate(tx.insert(couponRedemptions).values(values).returning({ id: couponRedemptions.id }));
    if (inserted === 'duplicate') return 'duplicate';
    await tx
      .update(coupons)
      .set({ usedCount: sql`${coupons.usedCount} + 1`, modifiedOn: new Date() })
      .where(eq(coupons.id, values.couponId));
    return 'ok';
  }

  /** A program of the account (another account's is not found). */
  async findProgram(id: string, accountId: string): Promise<{ id: string; programCode: string; programTitle: string; programType: number } | undefined> {
    const [row] = await this.db
      .select({ id: programs.id, programCode: programs.programCode, programTitle: programs.programTitle, programType: programs.programType })
      .from(programs)
      .where(and(eq(programs.id, id), eq(programs.accountId, accountId)));
    return row;
  }

  /** The account's programs to choose from in the form, searched by code or title (the first 50 by code). */
  async findProgramOptions(accountId: string, search?: string) {
    const where: SQL | undefined = and(
      eq(programs.accountId, accountId),
      search ? or(ilike(programs.programCode, likeEscaped(search)), ilike(programs.programTitle, likeEscaped(search))) : undefined,
    );
    return this.db
      .select({ id: programs.id, programCode: programs.programCode, programTitle: programs.programTitle, programType: programs.programType })
      .from(programs)
      .where(where)
      .orderBy(asc(programs.programCode))
      .limit(50);
  }

  async applicantExists(id: string): Promise<boolean> {
    const [row] = await this.db.select({ id: applicants.id }).from(applicants).where(eq(applicants.id, id));
    return !!row;
  }
}
