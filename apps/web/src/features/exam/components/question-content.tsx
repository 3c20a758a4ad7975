import { Typography } from '@mantine/core';

/** Question content is rich text the server sanitised when it was saved (text, lists, its own images). */
export function QuestionContent({ html, testId }: { html: string; testId?: string }) {
  return (
    <Typography>
      <div data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
