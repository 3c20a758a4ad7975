import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { DateDisplay } from '../../../components/ui/date-display';
import { StatusBadge } from '../../../components/ui/status-badge';
import { useMyAgreements } from '../api/agreements';
import { useMyConflicts } from '../api/conflicts';

/**
 * On every staff home, whatever the side menu: this year's agreement and the declarations still
 * active, and the way to "My impartiality" (issue 43). Says nothing it could not load.
 */
export function ImpartialitySummary({ href }: { href: string }) {
  const agreements = useMyAgreements();
  const conflicts = useMyConflicts();
  const active = conflicts.data?.filter((conflict) => conflict.isActive).length;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="impartiality-summary-heading">
      <Stack gap="xs">
        <Title order={2} size="h4" id="impartiality-summary-heading">
          Impartiality
        </Title>
        {agreements.data && (
          <Group gap="xs">
            <Text size="sm">The {agreements.data.year} impartiality and confidentiality agreement:</Text>
            {agreements.data.signedThisYear ? (
              <Text size="sm">
                signed on <DateDisplay value={agreements.data.signedThisYear.signedOn} />
              </Text>
            ) : (
              <StatusBadge label="Not signed yet" value="unsigned" color="red" />
            )}
          </Group>
        )}
        {active !== undefined && <Text size="sm">{active === 0 ? 'You have no active declarations of conflicts.' : `Your active declarations of conflicts: ${active}.`}</Text>}
        <Anchor component={Link} to={href} size="sm">
          {agreements.data && !agreements.data.signedThisYear ? 'Sign the agreement and declare conflicts' : 'Open My impartiality'}
        </Anchor>
      </Stack>
    </Paper>
  );
}
