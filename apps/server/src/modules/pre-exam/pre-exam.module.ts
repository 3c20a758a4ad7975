import type { Env } from '../../config/env';
import type { Database } from '../../db/client';
import { PreExamRepository } from './pre-exam.repository';
import { PreExamService, type PreExamDeps } from './pre-exam.service';

/**
 * Wires the pre-exam stage once, for app.ts. The discount codes and payment links come from their
 * modules' services (handed in, so this module never reaches their tables); the issuer printed on
 * invoices and the GST rate come from the configuration.
 */
export function createPreExamModule(db: Database, env: Pick<Env, 'PUBLIC_URL' | 'AWARDING_BODY_NAME' | 'AWARDING_BODY_ABN' | 'AWARDING_BODY_ADDRESS' | 'AWARDING_BODY_EMAIL' | 'GST_RATE_PERCENT'>, deps: Omit<PreExamDeps, 'repository'>) {
  const preExam = new PreExamService(
    { ...deps, repository: new PreExamRepository(db) },
    {
      publicUrl: env.PUBLIC_URL.replace(/\/$/, ''),
      issuer: { name: env.AWARDING_BODY_NAME, abn: env.AWARDING_BODY_ABN, address: env.AWARDING_BODY_ADDRESS, email: env.AWARDING_BODY_EMAIL },
      gstRatePercent: env.GST_RATE_PERCENT,
    },
  );
  return { preExam };
}
