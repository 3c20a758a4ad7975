import type { Database } from '../../db/client';
import type { ProgramService } from '../program/program.service';
import { CouponRepository } from './coupon.repository';
import { CouponService } from './coupon.service';

/** Wires discount codes once, for app.ts; the pre-exam invoice takes `coupons` to quote and redeem codes. */
export function createCouponModule(db: Database, programs: ProgramService) {
  return { coupons: new CouponService(new CouponRepository(db), programs) };
}
