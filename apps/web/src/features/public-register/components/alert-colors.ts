import type { AlertProps } from '@mantine/core';

/**
 * A refusal (red) or a request to wait (yellow), on the lightest tint with a dark title: Mantine's
 * light alert titles on their own tint fall just under 4.5:1 (WCAG AA).
 */
export function alertColors(isWait: boolean): Pick<AlertProps, 'color' | 'bg' | 'styles'> {
  const color = isWait ? 'yellow' : 'red';
  return { color, bg: `${color}.0`, styles: { title: { color: isWait ? 'var(--mantine-color-gray-9)' : 'var(--mantine-color-red-9)' } } };
}
