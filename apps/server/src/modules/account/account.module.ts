import type { Database } from '../../db/client';
import type { SessionUserChanges } from '../../platform/auth/authenticate';
import { SecretBox } from '../../platform/secret-box';
import { AccountRepository } from './account.repository';
import { AccountService, type AccountLogoFiles } from './account.service';

/** Wires the account domain once, for app.ts; the gateway keys are sealed under a key derived from the server's secret. */
export function createAccountModule(db: Database, deps: { serverSecret: string; sessionUsers: SessionUserChanges; logoFiles?: AccountLogoFiles }) {
  return new AccountService(new AccountRepository(db), new SecretBox(deps.serverSecret, 'certs-accounts', 'payment-gateway-keys'), deps.sessionUsers, deps.logoFiles);
}
