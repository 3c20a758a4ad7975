import type { Database } from '../../db/client';
import { AccountTimeZones } from '../account/account-time-zone';
import { ExamQualityRepository } from './exam-quality.repository';
import { ExamQualityService } from './exam-quality.service';

/** The exam quality report (issue 43): computed from marked sittings when asked; it stores nothing. */
export function createExamQualityModule(db: Database) {
  return { quality: new ExamQualityService(new ExamQualityRepository(db), new AccountTimeZones(db)) };
}
