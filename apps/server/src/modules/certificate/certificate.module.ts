import type { Database } from '../../db/client';
import type { PersonalDataAccessLog } from '../../platform/audit/personal-data-access';
import type { Storage } from '../../platform/storage/storage';
import type { AttachmentService } from '../attachment/attachment.service';
import type { ProgramService } from '../program/program.service';
import { CertificateRepository } from './certificate.repository';
import { CertificateService, type CertificateSettings } from './certificate.service';

/** Wires certificate templates and certificates once, for app.ts. */
export function createCertificateModule(
  db: Database,
  deps: { storage: Storage; attachments: Pick<AttachmentService, 'findOwned' | 'readAccountLogo'>; programs: Pick<ProgramService, 'programPrivilege'>; settings: CertificateSettings; accessLog?: PersonalDataAccessLog },
) {
  return { certificates: new CertificateService(new CertificateRepository(db), deps.storage, deps.attachments, deps.programs, deps.settings, deps.accessLog) };
}
