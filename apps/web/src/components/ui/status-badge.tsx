import { Badge, type MantineColor } from '@mantine/core';

interface StatusBadgeProps {
  label: string;
  /** The stored value, for `data-status`, when the label is its human wording (defaults to the label). */
  value?: string;
  /** The spec's colour for this status (Created yellow, Published green, ...). */
  color: MantineColor;
  testId?: string;
}

/** A status as a coloured badge; the dot carries the colour, the dark text stays readable on any. */
export function StatusBadge({ label, value, color, testId }: StatusBadgeProps) {
  return (
    // A badge is a grid that a tight table column would otherwise squeeze into an ellipsis.
    <Badge variant="dot" color={color} size="md" radius="sm" tt="none" miw="max-content" data-status={value ?? label} data-testid={testId}>
      {label}
    </Badge>
  );
}
