import { Anchor, Box, Button, Group, Stack, Text } from '@mantine/core';
import { Fragment } from 'react';
import type { Mail } from '@certs/shared/mail/mail.contract';

const URL_PATTERN = /(https?:\/\/[^\s<>"')]+)/g;

/** Plain text with its web addresses made into links. */
function LinkedText({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="mail-text">
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          <Anchor key={index} href={part} target="_blank" rel="noopener noreferrer" size="sm">
            {part}
          </Anchor>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </Text>
  );
}

/** A mail's text and its links, as buttons one can click. */
export function MailBody({ mail }: { mail: Pick<Mail, 'text' | 'links'> }) {
  return (
    <Stack gap="md">
      <Box p="md" bg="gray.0" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
        <LinkedText text={mail.text} />
      </Box>
      {mail.links.length > 0 && (
        <Stack gap={6}>
          <Text size="sm" fw={600}>
            Links in this mail
          </Text>
          <Group gap="sm">
            {mail.links.map((link) => (
              <Button key={link.url} component="a" href={link.url} target="_blank" rel="noopener noreferrer" variant="light" size="xs" data-testid="mail-link">
                {link.label}
              </Button>
            ))}
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
