import { List } from '@mantine/core';
import { sittingText, type ModuleSitting } from '../model/module-sittings';

/** A module sat more than once: each sitting's result, latest first, the earlier ones marked (issue 45 item 5). Nothing for one sitting. */
export function ModuleSittingsList({ sittings, moduleCode, size = 'xs' }: { sittings: readonly ModuleSitting[]; moduleCode: string; size?: 'xs' | 'sm' }) {
  if (sittings.length < 2) return null;
  return (
    // Beneath a result that says the latest already, quiet; where it is the result (staff's results), plain.
    <List size={size} c={size === 'xs' ? 'dimmed' : undefined} spacing={0} listStyleType="none" aria-label={`Sittings of ${moduleCode}, latest first`} data-testid={`module-sittings-${moduleCode}`}>
      {sittings.map((sitting) => (
        <List.Item key={sitting.attempt}>{`${sittingText(sitting)}${sitting.isEarlier ? ' (earlier)' : ''}`}</List.Item>
      ))}
    </List>
  );
}
