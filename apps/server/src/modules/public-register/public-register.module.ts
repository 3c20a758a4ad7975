import { PUBLIC_REGISTER_MESSAGES } from '@certs/shared/public-register/public-register.contract';
import type { Database } from '../../db/client';
import type { RateLimitStore } from '../registration/mail-request-limit';
import { ClientRequestLimit, PUBLIC_REGISTER_LIMITS } from './client-request-limit';
import { PublicRegisterRepository } from './public-register.repository';
import { PublicRegisterService } from './public-register.service';

/** The configured budgets (`REGISTER_LIMIT_*`); unset ones keep PUBLIC_REGISTER_LIMITS. */
export interface PublicRegisterLimitSettings {
  searches?: number;
  verifications?: number;
  windowMinutes?: number;
}

/** Wires the public register once, for app.ts; the limits count in the shared `rate_limit_events` store. */
export function createPublicRegisterModule(db: Database, rateLimitStore: RateLimitStore, settings: PublicRegisterLimitSettings = {}): PublicRegisterService {
  const { search, verify } = PUBLIC_REGISTER_LIMITS;
  return new PublicRegisterService(new PublicRegisterRepository(db), {
    search: new ClientRequestLimit(rateLimitStore, { kind: search.kind, max: settings.searches ?? search.max, windowMinutes: settings.windowMinutes ?? search.windowMinutes, message: PUBLIC_REGISTER_MESSAGES.tooManySearches }),
    verify: new ClientRequestLimit(rateLimitStore, { kind: verify.kind, max: settings.verifications ?? verify.max, windowMinutes: settings.windowMinutes ?? verify.windowMinutes, message: PUBLIC_REGISTER_MESSAGES.tooManyVerifications }),
  });
}
