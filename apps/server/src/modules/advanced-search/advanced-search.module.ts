import type { Database } from '../../db/client';
import type { StaffScope } from '../report/staff-scope';
import { AdvancedSearchRepository } from './advanced-search.repository';
import { AdvancedSearchService } from './advanced-search.service';

export function createAdvancedSearchModule(db: Database, scopes: StaffScope): AdvancedSearchService {
  return new AdvancedSearchService(new AdvancedSearchRepository(db), scopes);
}
