import { PUBLIC_REGISTER_MESSAGES } from '@certs/shared/public-register/public-register.contract';
import type { Database } from '../../db/client';
import type { RateLimitStore } from '../registration/mail-request-limit';
import { ClientRequestLimit, PUBLIC_REGISTER_LIMITS } from './client-request-limit';
import { PublicRegisterRepository } from './public-register.repository';
import { PublicRegisterService } from './public-register.service';

/** Wires the public register once, for app.ts; the limits count in the shared `rate_limit_events` store. */
export function createPublicRegisterModule(db: Database, rateLimitStore: RateLimitStore): PublicRegisterService {
  return new PublicRegisterService(new PublicRegisterRepository(db), {
    search: new ClientRequestLimit(rateLimitStore, { ...PUBLIC_REGISTER_LIMITS.search, message: PUBLIC_REGISTER_MESSAGES.tooManySearches }),
    verify: new ClientRequestLimit(rateLimitStore, { ...PUBLIC_REGISTER_LIMITS.verify, message: PUBLIC_REGISTER_MESSAGES.tooManyVerifications }),
  });
}
