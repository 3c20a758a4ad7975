import type { Env } from '../../config/env';
import type { Database } from '../../db/client';
import type { PersonalDataAccessLog } from '../../platform/audit/personal-data-access';
import type { ProgramService } from '../program/program.service';
import { CredentialIssuer } from './credential-issuer';
import { credentialSigningSeed } from './credential-key';
import { CredentialRepository } from './credential.repository';
import { CredentialService } from './credential.service';

/** Wires award credentials once, for app.ts: the issuer's key comes from the configuration or the data folder. */
export function createCredentialModule(
  db: Database,
  deps: { env: Pick<Env, 'PUBLIC_URL' | 'CREDENTIAL_SIGNING_KEY' | 'AWARDING_BODY_NAME' | 'AWARDING_BODY_EMAIL'>; dataDir: string; programs: Pick<ProgramService, 'programPrivilege'>; accessLog: PersonalDataAccessLog },
): CredentialService {
  const publicUrl = deps.env.PUBLIC_URL.replace(/\/$/, '');
  const issuer = new CredentialIssuer({
    publicUrl,
    name: deps.env.AWARDING_BODY_NAME,
    email: deps.env.AWARDING_BODY_EMAIL,
    seed: credentialSigningSeed(deps.env.CREDENTIAL_SIGNING_KEY, deps.dataDir),
  });
  return new CredentialService(new CredentialRepository(db), { issuer, programs: deps.programs, accessLog: deps.accessLog, publicUrl });
}
