import type { Database } from '../../db/client';
import { ApplicationWorkflowRepository } from '../application/application-workflow.repository';
import { createImpartialityGuard } from '../impartiality/impartiality.guard';
import { ResitRepository } from './resit.repository';
import { ResitService, type ResitDeps } from './resit.service';

/** Wires the re-sit service once, for app.ts (which also hands it to payments and the exam engine). */
export function createResitModule(db: Database, services: Omit<ResitDeps, 'repository' | 'workflow' | 'impartiality'>) {
  return { resits: new ResitService({ repository: new ResitRepository(db), workflow: new ApplicationWorkflowRepository(db), impartiality: createImpartialityGuard(db, services.now), ...services }) };
}
