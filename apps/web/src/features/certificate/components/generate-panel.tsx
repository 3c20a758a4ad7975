import { Alert, Button, Group, Progress, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import type { GenerateResult } from '@certs/shared/certificate/certificate-template.contract';
import { errorMessageOf } from '../../../lib/api-client';
import { generateCertificates, useAssignablePrograms } from '../api/certificate-templates';

interface RunState {
  done: number;
  total: number;
  failures: GenerateResult[];
  finished: boolean;
  error: string | null;
}

/**
 * Makes every certificate of a program afresh (after a template change, say), a batch at a time:
 * progress after each batch, and the awards whose certificate could not be made.
 */
export function GeneratePanel() {
  const programs = useAssignablePrograms();
  const [programId, setProgramId] = useState<string | null>(null);
  const [run, setRun] = useState<RunState | null>(null);
  const abort = useRef<AbortController | null>(null);

  const start = async () => {
    if (!programId) return;
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    let state: RunState = { done: 0, total: 0, failures: [], finished: false, error: null };
    setRun(state);
    let after: string | undefined;
    try {
      do {
        const batch = await generateCertificates({ programId, after }, controller.signal);
        state = { ...state, done: state.done + batch.results.length, total: batch.total, failures: [...state.failures, ...batch.results.filter((result) => !result.ok)] };
        setRun(state);
        after = batch.next ?? undefined;
      } while (after);
      setRun({ ...state, finished: true });
    } catch (caught) {
      if (controller.signal.aborted) return;
      setRun({ ...state, finished: true, error: errorMessageOf(caught) });
    }
  };

  const percent = run && run.total > 0 ? Math.round((run.done / run.total) * 100) : run?.finished ? 100 : 0;
  return (
    <Stack gap="xs">
      <Title order={2} size="h3">
        Generate certificates
      </Title>
      <Text size="sm" c="dimmed">
        Certificates are made when first downloaded and again after any change. Generate a program’s certificates now, for example after changing its template.
      </Text>
      <Group align="flex-end" gap="xs">
        <Select
          label="Program"
          placeholder="Choose a program"
          searchable
          data={(programs.data ?? []).map((program) => ({ value: program.id, label: `${program.programCode} ${program.programTitle}` }))}
          value={programId}
          onChange={setProgramId}
          w={360}
        />
        <Button onClick={start} disabled={!programId} loading={!!run && !run.finished}>
          Generate certificates
        </Button>
      </Group>
      {run ? (
        <Stack gap={6} maw={520}>
          <Progress value={percent} aria-label="Generation progress" />
          <Text size="sm" role="status" aria-live="polite">
            {run.finished
              ? `Done: ${run.done - run.failures.length} of ${run.total} certificates generated${run.failures.length ? `, ${run.failures.length} failed` : ''}.`
              : `Generating… ${run.done} of ${run.total || '?'}`}
          </Text>
          {run.error ? (
            <Alert color="red" role="alert">
              {run.error}
            </Alert>
          ) : null}
          {run.failures.length > 0 ? (
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Certificate number</Table.Th>
                  <Table.Th>Result</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {run.failures.map((failure) => (
                  <Table.Tr key={failure.awardId}>
                    <Table.Td>{failure.certificateNumber ?? failure.awardId}</Table.Td>
                    <Table.Td>{failure.message}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}
