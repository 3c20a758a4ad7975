import type { Database } from '../../db/client';
import { AccountTimeZones } from '../account/account-time-zone';
import { ManagementReviewRepository } from './management-review.repository';
import { ManagementReviewService } from './management-review.service';

/** Wires the yearly management review once, for app.ts. */
export function createManagementReviewModule(db: Database) {
  return { reviews: new ManagementReviewService(new ManagementReviewRepository(db), new AccountTimeZones(db)) };
}
