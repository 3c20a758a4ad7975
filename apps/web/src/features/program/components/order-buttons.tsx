import { ActionIcon, Group } from '@mantine/core';

interface OrderButtonsProps {
  /** What the item is called to a screen reader, e.g. "instruction 2". */
  name: string;
  index: number;
  count: number;
  disabled?: boolean;
  onMove: (from: number, to: number) => void;
}

/** Up and down buttons that move an item one place. */
export function OrderButtons({ name, index, count, disabled = false, onMove }: OrderButtonsProps) {
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon variant="subtle" aria-label={`Move ${name} up`} disabled={disabled || index === 0} onClick={() => onMove(index, index - 1)}>
        <span aria-hidden="true">↑</span>
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        aria-label={`Move ${name} down`}
        disabled={disabled || index === count - 1}
        onClick={() => onMove(index, index + 1)}
      >
        <span aria-hidden="true">↓</span>
      </ActionIcon>
    </Group>
  );
}

/** The ids in their new order once the item at `from` sits at `to`. */
export function movedIds(ids: readonly string[], from: number, to: number): string[] {
  const next = [...ids];
  const [moved] = next.splice(from, 1);
  if (moved !== undefined) next.splice(to, 0, moved);
  return next;
}
