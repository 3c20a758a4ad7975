import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { MailService } from '../../platform/mail/mail.service';
import { createAdvancedSearchModule } from '../advanced-search/advanced-search.module';
import { registerAdvancedSearchRoutes } from '../advanced-search/advanced-search.routes';
import { createBulkImportModule } from '../bulk-import/bulk-import.module';
import { registerBulkImportRoutes } from '../bulk-import/bulk-import.routes';
import { createDashboardModule } from '../dashboard/dashboard.module';
import { registerDashboardRoutes } from '../dashboard/dashboard.routes';
import { createExportModule } from '../export/export.module';
import { registerExportRoutes } from '../export/export.routes';
import type { ProgramService } from '../program/program.service';
import { createReportModule } from './report.module';
import { registerReportRoutes } from './report.routes';

/**
 * Issue 20's back office in one place: reports, the dashboard, CSV exports, the advanced search
 * and bulk imports, which share one staff scope (`StaffScope`). app.ts creates it and registers its
 * routes with one line each.
 */
export function createBackOfficeModule(
  db: Database,
  deps: { programs: ProgramService; mail: MailService; publicUrl: string; log: { warn(obj: object, msg: string): void }; runJobs: boolean },
) {
  const { scopes, reports } = createReportModule(db);
  const dashboard = createDashboardModule(db, scopes);
  const exports = createExportModule(db, deps.log);
  const search = createAdvancedSearchModule(db, scopes);
  const imports = createBulkImportModule(db, { ...deps, scopes });
  return {
    reports,
    dashboard,
    exports,
    search,
    imports: imports.service,
    importJob: imports.job,
    registerRoutes(api: FastifyInstance): void {
      registerReportRoutes(api, reports);
      registerDashboardRoutes(api, dashboard);
      registerExportRoutes(api, exports);
      registerAdvancedSearchRoutes(api, search);
      registerBulkImportRoutes(api, imports.service);
    },
  };
}
