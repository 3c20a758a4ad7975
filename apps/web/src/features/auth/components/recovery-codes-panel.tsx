import { Alert, Button, CopyButton, Group, List, Paper, Stack, Text } from '@mantine/core';

/** The recovery codes, shown once: to copy or download and keep somewhere safe. */
export function RecoveryCodesPanel({ codes, onDone, doneLabel }: { codes: string[]; onDone: () => void; doneLabel: string }) {
  const text = `${codes.join('\n')}\n`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack gap="md" data-testid="recovery-codes">
      <Alert color="green" variant="light" title="Two-step sign-in is on">
        Save these recovery codes now: they are shown only once. If you lose your phone, each code signs you in once instead of a code from your app.
      </Alert>
      <Paper withBorder p="md" radius="md" bg="gray.0">
        <List spacing={4} ff="monospace" listStyleType="none" aria-label="Recovery codes">
          {codes.map((code) => (
            <List.Item key={code}>{code}</List.Item>
          ))}
        </List>
      </Paper>
      <Group gap="sm">
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy}>
              {copied ? 'Copied' : 'Copy codes'}
            </Button>
          )}
        </CopyButton>
        <Button variant="default" onClick={download}>
          Download codes
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        Keep them apart from your password, for example in a password manager.
      </Text>
      <Button onClick={onDone}>{doneLabel}</Button>
    </Stack>
  );
}
