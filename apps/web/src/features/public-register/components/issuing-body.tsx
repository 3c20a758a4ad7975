import { Group, Image } from '@mantine/core';

/** The awarding body that issued a certificate: its name, with its logo beside it when it has one. */
export function IssuingBody({ name, logoUrl, size }: { name: string; logoUrl: string | null; size: number }) {
  if (!logoUrl) return <>{name}</>;
  return (
    <Group component="span" gap="xs" wrap="nowrap" display="inline-flex">
      <Image src={logoUrl} alt={`${name} logo`} h={size} w="auto" maw={size * 4} fit="contain" />
      <span>{name}</span>
    </Group>
  );
}
