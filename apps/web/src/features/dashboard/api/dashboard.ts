import { useQuery } from '@tanstack/react-query';
import { DASHBOARD_PATHS, DashboardSummary, MyWork } from '@certs/shared/dashboard/dashboard.contract';
import { apiRequest } from '../../../lib/api-client';

export function useDashboardSummary() {
  return useQuery({ queryKey: ['dashboard', 'summary'], queryFn: ({ signal }) => apiRequest(DASHBOARD_PATHS.summary, { schema: DashboardSummary, signal }) });
}

export function useMyWork() {
  return useQuery({ queryKey: ['dashboard', 'my-work'], queryFn: ({ signal }) => apiRequest(DASHBOARD_PATHS.myWork, { schema: MyWork, signal }) });
}
