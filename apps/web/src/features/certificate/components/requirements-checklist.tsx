import { List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { CERTIFICATE_FIELDS, certificateChecklist, type CertificateTemplateField } from '@certs/shared/certificate/certificate-template.contract';

/**
 * What ISO/IEC 17024 9.4.8 asks every certificate to state, ticked off against the fields placed
 * now: a template that lacks one cannot be assigned to a program that needs it.
 */
export function RequirementsChecklist({ fields }: { fields: readonly CertificateTemplateField[] }) {
  const items = certificateChecklist(fields);
  const missing = items.filter((item) => !item.isMet);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="certificate-requirements-heading">
      <Stack gap="xs">
        <Title order={2} size="h3" id="certificate-requirements-heading">
          What a certificate must state
        </Title>
        <Text size="sm" c="dimmed">
          ISO/IEC 17024 9.4.8. A template that lacks one of these is not assigned to a program whose certificates need it.
        </Text>
        <List spacing={4} size="sm" data-testid="certificate-requirements" center>
          {items.map((item) => (
            <List.Item
              key={item.key}
              data-met={item.isMet}
              icon={
                <ThemeIcon size={18} radius="xl" color={item.isMet ? 'green.8' : 'red.8'} aria-hidden>
                  {item.isMet ? '✓' : '✗'}
                </ThemeIcon>
              }
            >
              <Text span size="sm" fw={500}>
                {item.label[0]!.toUpperCase() + item.label.slice(1)}
              </Text>{' '}
              <Text span size="sm">
                {item.isMet ? '(placed)' : `(missing: place the ${CERTIFICATE_FIELDS[item.fields[0]!].label} field)`}
              </Text>
              {item.note ? (
                <Text span size="sm" c="dimmed">
                  {' '}
                  {item.note}
                </Text>
              ) : null}
            </List.Item>
          ))}
        </List>
        <Text size="sm" role="status" c={missing.length > 0 ? 'red.9' : undefined} fw={500}>
          {missing.length > 0 ? `The template lacks: ${missing.map((item) => item.label).join(', ')}` : 'The template states everything a certificate must.'}
        </Text>
      </Stack>
    </Paper>
  );
}
