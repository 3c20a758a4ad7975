import type { Env } from '../../config/env';
import type { Database } from '../../db/client';
import { PreExamRepository } from './pre-exam.repository';
import { PreExamService, type PreExamDeps } from './pre-exam.service';

/**
 * Wires the pre-exam stage once, for app.ts. The discount codes, payment links and the issuing
 * account (its name, tax identifiers, GST rate, currency and invoice numbers) come from their
 * modules' services, handed in, so this module never reaches their tables.
 */
export function createPreExamModule(db: Database, env: Pick<Env, 'PUBLIC_URL'>, deps: Omit<PreExamDeps, 'repository'>) {
  const preExam = new PreExamService({ ...deps, repository: new PreExamRepository(db) }, { publicUrl: env.PUBLIC_URL.replace(/\/$/, '') });
  return { preExam };
}
