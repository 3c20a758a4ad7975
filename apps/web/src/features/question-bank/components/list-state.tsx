import { Alert, Center, Loader } from '@mantine/core';
import { errorMessageOf } from '../../../lib/api-client';

// Alert titles in the text colour: the light variants' coloured titles fall under 4.5:1.
const READABLE_TITLE = { title: { color: 'var(--mantine-color-text)' } };

/** Loading and failure of a list, in one place. */
export function ListState({ isPending, error, what }: { isPending: boolean; error: unknown; what: string }) {
  if (isPending) {
    return (
      <Center py="md">
        <Loader size="sm" aria-label={`Loading ${what}`} />
      </Center>
    );
  }
  if (error) {
    return (
      <Alert color="red" variant="light" title={`Could not load the ${what}`} styles={READABLE_TITLE}>
        {errorMessageOf(error)}
      </Alert>
    );
  }
  return null;
}
