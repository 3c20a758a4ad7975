import type { Database } from '../../db/client';
import { AccountTimeZones } from '../account/account-time-zone';
import { ExportRepository } from './export.repository';
import { ExportService } from './export.service';

export function createExportModule(db: Database, log: { warn(obj: object, msg: string): void }): ExportService {
  return new ExportService(new ExportRepository(db), log, new AccountTimeZones(db));
}
