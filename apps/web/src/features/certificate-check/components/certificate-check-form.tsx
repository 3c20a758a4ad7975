import { Alert, Button, FileButton, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { CERTIFICATE_CHECK_MESSAGES, MAX_CERTIFICATE_CHECK_NUMBERS, parseCertificateNumbers } from '@certs/shared/certificate-check/certificate-check.contract';

/** Larger files are not a list of certificate numbers. */
const MAX_FILE_BYTES = 1024 * 1024;

export interface CertificateCheckFormProps {
  /** Checks the numbers (each once, blank ones left out); rejects with the message to show. */
  onCheck: (numbers: string[]) => Promise<void>;
  isChecking: boolean;
}

/**
 * The numbers to check: pasted one per line or separated by commas, or read from a CSV or text
 * file in the browser (nothing is uploaded but the numbers). Repeats and blank lines are left out
 * and the count shows before checking; more than 500 are refused here as the server refuses them.
 */
export function CertificateCheckForm({ onCheck, isChecking }: CertificateCheckFormProps) {
  const [text, setText] = useState('');
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const numbers = parseCertificateNumbers(text);
  const tooMany = numbers.length > MAX_CERTIFICATE_CHECK_NUMBERS;

  const readFile = async (file: File | null) => {
    setFileProblem(null);
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) {
      setFileProblem(`${file.name} is too large for a list of certificate numbers (at most 1 MB).`);
      return;
    }
    const read = parseCertificateNumbers(await file.text());
    if (read.length === 0) {
      setFileProblem(`${file.name} has no certificate numbers.`);
      return;
    }
    setText(read.join('\n'));
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (numbers.length > 0 && !tooMany) void onCheck(numbers);
      }}
    >
      <Stack gap="sm">
        <Textarea
          label="Certificate numbers"
          description="One per line, or separated by commas. Repeats and blank lines are left out."
          autosize
          minRows={6}
          maxRows={16}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          error={tooMany ? CERTIFICATE_CHECK_MESSAGES.tooManyNumbers : undefined}
        />
        {fileProblem && (
          <Alert color="red" variant="light" role="alert">
            {fileProblem}
          </Alert>
        )}
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed" role="status">
            {numbers.length === 1 ? '1 number to check' : `${numbers.length} numbers to check`}
            {` (at most ${MAX_CERTIFICATE_CHECK_NUMBERS})`}
          </Text>
          <Group gap="sm">
            <FileButton onChange={(file) => void readFile(file)} accept=".csv,.txt,text/csv,text/plain">
              {(props) => (
                <Button variant="default" {...props}>
                  Read a CSV or text file
                </Button>
              )}
            </FileButton>
            <Button type="submit" loading={isChecking} disabled={numbers.length === 0 || tooMany}>
              Check
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
