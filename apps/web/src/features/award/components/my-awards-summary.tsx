import { Group, List, Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { DateDisplay } from '../../../components/ui/date-display';
import { ProgramCode } from '../../../components/ui/program-code';
import { errorMessageOf } from '../../../lib/api-client';
import { useMyAwards } from '../api/find-my-awards';
import { AwardStatusBadge } from './award-status-badge';

const SHOWN = 10;

/** The applicant home's brief view of their awards: program, certificate number, status and expiry. */
export function MyAwardsSummary({ allAwardsLink }: { allAwardsLink: ReactNode }) {
  const awards = useMyAwards({ page: 1, pageSize: SHOWN });
  if (awards.isPending) return <Loader size="sm" aria-label="Loading your awards" />;
  if (awards.error) return <Text c="red.8">{errorMessageOf(awards.error)}</Text>;
  const { rows, totalRows } = awards.data;
  return (
    <>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed" mb="sm">
          No awards yet. When staff record an award, its certificate is ready to download here.
        </Text>
      ) : (
        <List spacing="xs" mb="sm" listStyleType="none" data-testid="my-awards-summary">
          {rows.map((row) => (
            <List.Item key={row.id}>
              <Group gap="xs" wrap="wrap">
                <Text size="sm" fw={600}>
                  <ProgramCode code={row.programCode} />
                </Text>
                <Text size="sm">{row.programTitle}</Text>
                <Text size="sm" c="dimmed">
                  Certificate {row.certificateNumber}
                  {row.expiresOn && (
                    <>
                      , expires <DateDisplay value={row.expiresOn} />
                    </>
                  )}
                </Text>
                <AwardStatusBadge status={row.status} />
              </Group>
            </List.Item>
          ))}
        </List>
      )}
      {totalRows > rows.length && (
        <Text size="sm" mb="xs">
          {totalRows - rows.length} more awards on the Applications page.
        </Text>
      )}
      {allAwardsLink}
    </>
  );
}
