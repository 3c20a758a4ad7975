import type { Database } from '../../db/client';
import type { WpqValidityService } from '../wpq-validity/wpq-validity.service';
import { EmployerPeopleRepository } from './employer-people.repository';
import { EmployerPeopleService } from './employer-people.service';

/** A company's people (issue 42), wired once for app.ts with the welder qualification validity it reads. */
export function createEmployerPeopleModule(db: Database, deps: { qualifications: Pick<WpqValidityService, 'heldBy'>; now?: () => Date }) {
  return { people: new EmployerPeopleService(new EmployerPeopleRepository(db), deps.qualifications, deps.now) };
}
