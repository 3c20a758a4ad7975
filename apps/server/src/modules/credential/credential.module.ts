import type { Env } from '../../config/env';
import type { Database } from '../../db/client';
import type { PersonalDataAccessLog } from '../../platform/audit/personal-data-access';
import { SecretBox } from '../../platform/secret-box';
import type { ProgramService } from '../program/program.service';
import { CredentialIssuers } from './credential-issuers';
import { credentialSigningSeed } from './credential-key';
import { CredentialRepository } from './credential.repository';
import { CredentialService } from './credential.service';

/**
 * Wires award credentials once, for app.ts. The first account's key comes from the configuration
 * or the data folder; the other accounts' keys are sealed under a key derived from it rather than
 * from JWT_SECRET, because rotating JWT_SECRET (which signs everyone out) must not make any body's
 * credentials unverifiable (decision 018), while the first account's key must never change anyway.
 */
export function createCredentialModule(
  db: Database,
  deps: { env: Pick<Env, 'PUBLIC_URL' | 'CREDENTIAL_SIGNING_KEY'>; dataDir: string; programs: Pick<ProgramService, 'programPrivilege'>; accessLog: PersonalDataAccessLog },
): CredentialService {
  const publicUrl = deps.env.PUBLIC_URL.replace(/\/$/, '');
  const firstAccountSeed = credentialSigningSeed(deps.env.CREDENTIAL_SIGNING_KEY, deps.dataDir);
  const keyBox = new SecretBox(Buffer.from(firstAccountSeed).toString('base64url'), 'certs-credentials', 'account-credential-signing-keys');
  const repository = new CredentialRepository(db);
  const issuers = new CredentialIssuers(repository, { publicUrl, firstAccountSeed, keyBox });
  return new CredentialService(repository, { issuers, programs: deps.programs, accessLog: deps.accessLog, publicUrl });
}
