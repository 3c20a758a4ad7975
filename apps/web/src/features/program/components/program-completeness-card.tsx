import { Alert, List, Text } from '@mantine/core';
import type { ProgramCompleteness } from '@certs/shared/program/program-catalogue.contract';

// The tint carries the colour; the title stays in the text colour, which reads on any tint.
const READABLE_TITLE = { title: { color: 'var(--mantine-color-text)' } };

/** Before publishing: what the program still lacks, or that it is ready. */
export function ProgramCompletenessCard({ completeness }: { completeness: ProgramCompleteness }) {
  if (completeness.isComplete) {
    return (
      <Alert color="green" variant="light" title="Ready to publish" role="status" data-testid="program-completeness" styles={READABLE_TITLE}>
        Every part applicants need is in place.
      </Alert>
    );
  }
  return (
    <Alert color="yellow" variant="light" title="Not ready to publish yet" role="status" data-testid="program-completeness" styles={READABLE_TITLE}>
      <Text size="sm" mb={4}>
        Publishing needs:
      </Text>
      <List size="sm">
        {completeness.missing.map((item) => (
          <List.Item key={item}>{item}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
