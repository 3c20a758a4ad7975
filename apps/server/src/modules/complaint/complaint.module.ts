import { COMPLAINT_MESSAGES } from '@certs/shared/complaint/complaint.contract';
import type { Database } from '../../db/client';
import type { MailService } from '../../platform/mail/mail.service';
import { ClientRequestLimit } from '../public-register/client-request-limit';
import type { RateLimitStore } from '../registration/mail-request-limit';
import { ComplaintRepository } from './complaint.repository';
import type { CurrentUser } from '../../platform/auth/authenticate';
import type { ProgramStanding } from '../application/application-workflow.policy';
import type { ProgramService } from '../program/program.service';
import { ComplaintService, type ComplaintHandlerCheck, type HandlerImpartiality, type MailLimit } from './complaint.service';

/**
 * The public form's budgets per client address (counted in `rate_limit_events`, so they hold across
 * instances): a few complaints an hour is plenty for a person, and a look-up budget that lets a
 * person check their complaint often but not walk the references. Each complaint also counts as
 * one mail against the unauthenticated mail limits of issue 15 (per target email and per address).
 */
export const COMPLAINT_LIMITS = {
  lodge: { kind: 'complaint_client', max: 5, windowMinutes: 60 },
  lookup: { kind: 'complaint_lookup_client', max: 30, windowMinutes: 10 },
} as const;

type HandlerRole = ComplaintHandlerCheck & { role: 'complaint_handler' };

/** What the complaints use of the impartiality module's guard (its `ImpartialityGuard`). */
export interface ImpartialityGuardLike {
  refusalsOf(executor: null, check: HandlerRole): Promise<string[]>;
  assertAssignable(actor: CurrentUser, standing: ProgramStanding, checks: readonly HandlerRole[]): Promise<unknown>;
}

/** The guard as the complaints ask it: a complaint's handler on the complaining applicant, in the complaint's program. */
function handlerImpartiality(guard: ImpartialityGuardLike, programs: Pick<ProgramService, 'programPrivilege'>): HandlerImpartiality {
  return {
    reasonsAgainst: (check) => guard.refusalsOf(null, { ...check, role: 'complaint_handler' }),
    async assertHandler(actor, check) {
      await guard.assertAssignable(actor, await programs.programPrivilege(actor, check.programId), [{ ...check, role: 'complaint_handler' }]);
    },
  };
}

/** Wires the complaint service once, for app.ts. */
export function createComplaintModule(
  db: Database,
  services: {
    mail: MailService;
    publicUrl: string;
    rateLimitStore: RateLimitStore;
    mailLimit: MailLimit;
    /** The impartiality guard and the programs it needs a standing in; without them only the complaint's own rule holds. */
    impartiality?: { guard: ImpartialityGuardLike; programs: Pick<ProgramService, 'programPrivilege'> };
  },
): ComplaintService {
  return new ComplaintService({
    repository: new ComplaintRepository(db),
    mail: services.mail,
    publicUrl: services.publicUrl,
    limits: {
      lodge: new ClientRequestLimit(services.rateLimitStore, { ...COMPLAINT_LIMITS.lodge, message: COMPLAINT_MESSAGES.tooManyComplaints }),
      lookup: new ClientRequestLimit(services.rateLimitStore, { ...COMPLAINT_LIMITS.lookup, message: COMPLAINT_MESSAGES.tooManyLookups }),
      mail: services.mailLimit,
    },
    impartiality: services.impartiality ? handlerImpartiality(services.impartiality.guard, services.impartiality.programs) : undefined,
  });
}
