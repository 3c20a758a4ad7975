import { Text, Tooltip } from '@mantine/core';
import { shortenFileName } from '@certs/shared/attachment/attachment.contract';

/** A file name shortened to 25 characters (spec section 9), the whole name on hover and focus. */
export function FileName({ name, fw }: { name: string; fw?: number }) {
  const short = shortenFileName(name);
  if (short === name) {
    return (
      <Text span size="sm" fw={fw} data-testid="file-name">
        {name}
      </Text>
    );
  }
  return (
    <Tooltip label={name} multiline maw={360} withArrow openDelay={150} events={{ hover: true, focus: true, touch: true }}>
      <Text span size="sm" fw={fw} title={name} data-testid="file-name" data-full-name={name}>
        {short}
      </Text>
    </Tooltip>
  );
}
