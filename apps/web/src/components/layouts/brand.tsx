import { Group, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../lib/page-title';

function Mark() {
  return (
    <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="var(--mantine-color-indigo-8)" />
      <path d="M9 17.5l4.5 4.5L23 11" fill="none" stroke="#fff" strokeWidth="3.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * The product's mark and name, linking to the area's start page. `isNameHidden` leaves the mark
 * alone where the header needs the room (its link keeps the name for screen readers).
 */
export function Brand({ to, isNameHidden = false }: { to: string; isNameHidden?: boolean }) {
  return (
    <UnstyledButton component={Link} to={to} aria-label={`${PRODUCT_NAME} home`}>
      <Group gap="xs" wrap="nowrap">
        <Mark />
        {!isNameHidden && (
          <Text fw={700} size="lg" c="indigo.9" visibleFrom="xs">
            {PRODUCT_NAME}
          </Text>
        )}
      </Group>
    </UnstyledButton>
  );
}
