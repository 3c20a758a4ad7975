import type { FastifyRequest } from 'fastify';
import type { CurrentUser } from '../auth/authenticate';

/** What was read: the route, and the record when the route's pattern does not name it (decision 016). */
export interface PersonalDataRead {
  /** As `GET /api/applicant/:id` (see `routeOf`). */
  route: string;
  /** A file's key, an application's id. */
  resource?: string;
}

/** Whose personal data was read: an applicant, or a user who may be one (a file's owner). */
export type PersonalDataSubject = { applicantId: string } | { userId: string };

/**
 * The staff access log of applicants' personal data (decision 016). Services that answer an
 * applicant's profile, profile lists or files call it before answering; it records staff callers
 * only (an applicant reading their own record is not logged) and fails the read when it cannot
 * write. The privacy module implements it; the interface lives here so that the modules that call
 * it do not import that module (which reads through theirs).
 */
export interface PersonalDataAccessLog {
  record(actor: CurrentUser, subject: PersonalDataSubject, what: PersonalDataRead): Promise<void>;
}

/** For services built without a log (unit tests of another module). */
export const NO_ACCESS_LOG: PersonalDataAccessLog = { record: async () => undefined };

/** The route a request matched, as the access log names it: `GET /api/applicant/:id`. */
export function routeOf(request: FastifyRequest): string {
  return `${request.method} ${request.routeOptions.url ?? request.url}`;
}
