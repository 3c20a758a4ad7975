import { ScrollArea, Text } from '@mantine/core';

/** An agreement's text as written: its lines and numbered paragraphs kept. */
export function AgreementTextBlock({ text, label }: { text: string; label: string }) {
  return (
    <ScrollArea.Autosize mah={360} type="auto" offsetScrollbars>
      <Text component="div" size="sm" style={{ whiteSpace: 'pre-wrap' }} aria-label={label} role="document" tabIndex={0} p="sm" bg="gray.0" bd="1px solid var(--mantine-color-gray-3)">
        {text}
      </Text>
    </ScrollArea.Autosize>
  );
}
