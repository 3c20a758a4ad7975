import { Button, Group, SegmentedControl, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { DUE_WITHIN_DAYS, type DueWithinDays } from '@certs/shared/employer/people.contract';
import { errorMessageOf } from '../../../lib/api-client';
import { downloadPeopleCsv, useEmployerPeople } from '../api/people';
import { PeopleTable } from './people-table';

const FILTERS = [{ value: 'all', label: 'All' }, ...DUE_WITHIN_DAYS.map((days) => ({ value: String(days), label: `Due in ${days} days` }))];

/**
 * The company's people with a filter on what falls due (an award's expiry, a confirmation, a
 * revalidation or new test) and the same list as a CSV file.
 */
export function EmployerPeopleScreen() {
  const [filter, setFilter] = useState('all');
  const dueWithinDays = filter === 'all' ? null : (Number(filter) as DueWithinDays);
  const people = useEmployerPeople(dueWithinDays);
  const [isDownloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadPeopleCsv(dueWithinDays);
    } catch (error) {
      notifications.show({ color: 'red', title: 'The file could not be downloaded', message: errorMessageOf(error) });
    } finally {
      setDownloading(false);
    }
  };
  const emptyText = dueWithinDays
    ? `Nobody has anything due in the next ${dueWithinDays} days.`
    : 'No approved employees yet. People appear here once you approve their claim to work for your company.';
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="md">
        <SegmentedControl aria-label="People shown" value={filter} onChange={setFilter} data={FILTERS} />
        <Button variant="light" loading={isDownloading} onClick={() => void download()}>
          Download CSV
        </Button>
      </Group>
      <PeopleTable people={people.data?.people ?? []} isLoading={people.isPending} error={people.error ? errorMessageOf(people.error) : null} emptyText={emptyText} />
    </Stack>
  );
}
