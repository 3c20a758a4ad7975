import { Alert, Button, List, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { SYSTEM_CHECK_FIXES, SYSTEM_CHECK_LABELS, type SystemCheckResult } from '@certs/shared/exam-integrity/exam-recording.contract';
import { measureUploadSpeed, postEvents } from '../api/recording-requests';
import { newClientId } from '../model/client-id';
import { holdStreams, runSystemCheck, stopStream } from '../model/media';

interface SystemCheckProps {
  /** The scheduled module the check is for: its result is logged against it (staff see who passed). */
  applicationModuleId?: string;
  /** All passed: the camera and screen are held for the sitting about to open. */
  onPassed?: () => void;
  keepStreams?: boolean;
}

/**
 * The system check (issue 19): camera, the entire screen shared, one screen, browser support and the
 * upload speed to storage, each a pass or what to do, in plain words.
 */
export function SystemCheck({ applicationModuleId, onPassed, keepStreams = false }: SystemCheckProps) {
  const [results, setResults] = useState<SystemCheckResult[] | null>(null);
  const [isRunning, setIsRunning] = useState(false);

  const run = async () => {
    setIsRunning(true);
    try {
      const { results: found, streams } = await runSystemCheck(measureUploadSpeed);
      setResults(found);
      const passed = found.every((result) => result.passed);
      if (applicationModuleId) {
        await postEvents([
          { clientEventId: newClientId('check'), kind: passed ? 'systemCheckPassed' : 'systemCheckFailed', occurredOn: new Date().toISOString(), applicationModuleId, detail: { results: found } },
        ]).catch(() => undefined);
      }
      // Kept for the sitting about to open in this page; otherwise the camera and screen are released now.
      if (keepStreams) holdStreams(streams);
      else if (streams) {
        stopStream(streams.camera);
        stopStream(streams.screen);
      }
      if (passed) onPassed?.();
    } finally {
      setIsRunning(false);
    }
  };

  const passed = results?.every((result) => result.passed) ?? false;
  return (
    <Stack gap="sm" data-testid="system-check">
      <Text size="sm">The check asks to use your camera and to share your screen: choose “Entire screen”. Nothing is recorded during the check.</Text>
      <Button onClick={() => void run()} loading={isRunning} w="fit-content" variant={results ? 'default' : 'filled'}>
        {results ? 'Run the check again' : 'Run the system check'}
      </Button>
      {results && (
        <List spacing="xs" listStyleType="none" aria-label="System check results">
          {results.map((result) => (
            <List.Item
              key={result.item}
              data-testid={`check-${result.item}`}
              data-passed={result.passed}
            >
              <Text size="sm" fw={600}>
                {result.passed ? '✓' : '✗'} {SYSTEM_CHECK_LABELS[result.item]}: {result.passed ? 'passed' : 'needs a fix'}
              </Text>
              <Text size="sm" c="dimmed">
                {result.passed ? result.detail : `${SYSTEM_CHECK_FIXES[result.item]} (Found: ${result.detail}.)`}
              </Text>
            </List.Item>
          ))}
        </List>
      )}
      {results && (
        <Alert color={passed ? 'green' : 'orange'} variant="light" role="status" data-testid="system-check-result">
          {passed ? 'Your computer is ready for a recorded exam.' : 'Fix what is marked, then run the check again.'}
        </Alert>
      )}
    </Stack>
  );
}
