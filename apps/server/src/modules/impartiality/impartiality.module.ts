import type { Database } from '../../db/client';
import { ImpartialityRepository } from './impartiality.repository';
import { ImpartialityService } from './impartiality.service';
import { StaffRecordRepository } from './staff-record.repository';
import { StaffRecordService, type StaffRecordDeps } from './staff-record.service';

/** Wires declarations, agreements, the refusal register and staff records (issue 43) once, for app.ts. */
export function createImpartialityModule(db: Database, deps: StaffRecordDeps) {
  const people = new ImpartialityRepository(db);
  const impartiality = new ImpartialityService(people);
  return { impartiality, staffRecords: new StaffRecordService(new StaffRecordRepository(db), people, impartiality, deps) };
}
