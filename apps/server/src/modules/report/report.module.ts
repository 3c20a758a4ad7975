import type { Database } from '../../db/client';
import { ReportRepository } from './report.repository';
import { ReportService } from './report.service';
import { StaffScope } from './staff-scope';

/** The reports and the staff scope the other back-office modules (dashboard, exports, search, imports) share. */
export function createReportModule(db: Database) {
  const scopes = new StaffScope(db);
  return { scopes, reports: new ReportService(new ReportRepository(db), scopes) };
}
