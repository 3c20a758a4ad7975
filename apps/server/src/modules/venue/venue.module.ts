import type { Database } from '../../db/client';
import { TestingAgencyRepository, VenueRepository } from './venue.repository';
import { TestingAgencyService, VenueService } from './venue.service';

/** Wires venues and test centres once, for app.ts. */
export function createVenueModule(db: Database) {
  return { venues: new VenueService(new VenueRepository(db)), testingAgencies: new TestingAgencyService(new TestingAgencyRepository(db)) };
}
