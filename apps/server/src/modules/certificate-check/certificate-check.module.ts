import type { Database } from '../../db/client';
import type { PublicRegisterService } from '../public-register/public-register.service';
import { CertificateCheckRepository } from './certificate-check.repository';
import { CertificateCheckService } from './certificate-check.service';

/** A company's checks of certificate numbers (issue 42, decision 038), wired once for app.ts: certificates read as the public verification reads them. */
export function createCertificateCheckModule(db: Database, publicRegister: PublicRegisterService): CertificateCheckService {
  return new CertificateCheckService(new CertificateCheckRepository(db), publicRegister);
}
