import type { Database } from '../../db/client';
import { findAccountCurrency } from '../account/account-currency';
import type { StaffScope } from '../report/staff-scope';
import { DashboardRepository } from './dashboard.repository';
import { DashboardService } from './dashboard.service';

export function createDashboardModule(db: Database, scopes: StaffScope): DashboardService {
  return new DashboardService(new DashboardRepository(db), scopes, (accountId) => findAccountCurrency(db, accountId));
}
