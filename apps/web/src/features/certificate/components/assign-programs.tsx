import { Alert, Button, Group, List, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { missingCertificateRequirements, type CertificateTemplate } from '@certs/shared/certificate/certificate-template.contract';
import { errorMessageOf } from '../../../lib/api-client';
import { useAssignablePrograms, useAssignTemplate } from '../api/certificate-templates';

/** The programs whose certificates use this template, and assigning it to another program the caller manages. */
export function AssignPrograms({ template }: { template: CertificateTemplate }) {
  const programs = useAssignablePrograms();
  const assign = useAssignTemplate();
  const [programId, setProgramId] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const others = (programs.data ?? []).filter((program) => program.templateId !== template.id);
  // What each program's certificates would lack with this template (ISO/IEC 17024 9.4.8); the server refuses those.
  const lacksOf = (programType: number) => missingCertificateRequirements(template.fields, programType).map((requirement) => requirement.label);
  return (
    <Stack gap="xs">
      <Title order={2} size="h3">
        Programs
      </Title>
      {template.programs.length > 0 ? (
        <List size="sm">
          {template.programs.map((program) => (
            <List.Item key={program.id}>
              {program.programCode} {program.programTitle}
            </List.Item>
          ))}
        </List>
      ) : (
        <Text size="sm" c="dimmed">
          {template.isDefault ? 'No program has chosen it; it is the default for every program without a template.' : 'No program uses this template yet.'}
        </Text>
      )}
      {others.length > 0 ? (
        <Group align="flex-end" gap="xs">
          <Select
            label="Use for program"
            placeholder="Choose a program"
            searchable
            data={others.map((program) => {
              const lacks = lacksOf(program.programType);
              return { value: program.id, label: `${program.programCode} ${program.programTitle}${lacks.length > 0 ? ` (lacks: ${lacks.join(', ')})` : ''}` };
            })}
            value={programId}
            onChange={(value) => {
              setProgramId(value);
              setRefusal(null);
            }}
            w={360}
          />
          <Button
            variant="default"
            disabled={!programId}
            loading={assign.isPending}
            onClick={async () => {
              if (!programId) return;
              try {
                await assign.mutateAsync({ programId, templateId: template.id });
                setProgramId(null);
                setRefusal(null);
                notifications.show({ color: 'green', message: 'The program’s certificates now use this template' });
              } catch (caught) {
                setRefusal(errorMessageOf(caught));
              }
            }}
          >
            Assign
          </Button>
        </Group>
      ) : null}
      {refusal ? (
        <Alert color="red" title="The template was not assigned" role="alert">
          {refusal}
        </Alert>
      ) : null}
    </Stack>
  );
}
