import { useQuery } from '@tanstack/react-query';
import { EMPLOYER_PEOPLE_PATHS, EmployerPeople, employerPeoplePath, type DueWithinDays } from '@certs/shared/employer/people.contract';
import { apiRequest } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download-file';

/** Query keys of the company's people (issue 42), under the portal's own ('employer'), so a decided claim refreshes them too. */
export const employerPeopleKeys = {
  all: ['employer', 'people'] as const,
  list: (dueWithinDays: DueWithinDays | null) => ['employer', 'people', dueWithinDays ?? 'all'] as const,
};

/** The company's people: everyone, or those with something due within the days given. */
export function useEmployerPeople(dueWithinDays: DueWithinDays | null) {
  return useQuery({
    queryKey: employerPeopleKeys.list(dueWithinDays),
    queryFn: ({ signal }) => apiRequest(EMPLOYER_PEOPLE_PATHS.list, { query: dueWithinDays ? { dueWithinDays: String(dueWithinDays) } : undefined, schema: EmployerPeople, signal }),
  });
}

/** The same people as the server's CSV, saved under the server's file name. */
export function downloadPeopleCsv(dueWithinDays: DueWithinDays | null): Promise<void> {
  return downloadFile(employerPeoplePath('csv', dueWithinDays), dueWithinDays ? `people-due-within-${dueWithinDays}-days.csv` : 'people.csv');
}
