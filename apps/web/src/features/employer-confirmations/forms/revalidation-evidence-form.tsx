import { Alert, Button, FileInput, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { formatDate } from '@certs/shared/common/dates';
import { RevalidationEvidenceRequest, type EmployerRevalidationRow } from '@certs/shared/employer/confirmations.contract';
import { RevalidationWeld } from '@certs/shared/wpq/wpq-validity.contract';
import { DateField } from '../../../components/ui/date-field';
import { ApiError, errorMessageOf } from '../../../lib/api-client';
import { uploadTestReport } from '../api/confirmations';

interface WeldValues {
  description: string;
  weldedOn: string;
  testMethod: string;
  testReportAttachmentId: string;
}

const EMPTY_WELD: WeldValues = { description: '', weldedOn: '', testMethod: '', testReportAttachmentId: '' };
const TEST_METHODS = RevalidationWeld.shape.testMethod.options;
const day = (value: string) => formatDate(value, 'day');

/**
 * Revalidation under ISO 9606-1 9.3 b) from the company's portal (issue 42): the coordinator names
 * two production welds made in the window, each with its test report (a PDF uploaded here). The
 * shared request schema checks the form; the server checks the window and the files.
 */
export function RevalidationEvidenceForm({ revalidation, onSubmit }: { revalidation: EmployerRevalidationRow; onSubmit: (request: RevalidationEvidenceRequest) => Promise<unknown> }) {
  const [failure, setFailure] = useState<string | null>(null);
  const [reports, setReports] = useState<Record<number, { name: string; percent: number } | undefined>>({});
  const form = useForm<{ welds: WeldValues[] }>({ initialValues: { welds: [EMPTY_WELD, EMPTY_WELD] }, validate: zod4Resolver(RevalidationEvidenceRequest) });

  const upload = async (index: number, file: File | null) => {
    form.setFieldValue(`welds.${index}.testReportAttachmentId`, '');
    setReports((current) => ({ ...current, [index]: undefined }));
    if (!file) return;
    try {
      const saved = await uploadTestReport(file, (percent) => setReports((current) => ({ ...current, [index]: { name: file.name, percent } })));
      form.setFieldValue(`welds.${index}.testReportAttachmentId`, saved.id);
      form.clearFieldError(`welds.${index}.testReportAttachmentId`);
    } catch (error) {
      form.setFieldError(`welds.${index}.testReportAttachmentId`, errorMessageOf(error));
    }
  };

  const handleSubmit = async (values: { welds: WeldValues[] }) => {
    setFailure(null);
    try {
      await onSubmit(values as RevalidationEvidenceRequest);
    } catch (error) {
      // The window and the files are the server's to judge: its message names the rule.
      setFailure(error instanceof ApiError && error.fieldErrors.welds ? error.fieldErrors.welds : errorMessageOf(error));
    }
  };

  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate aria-label={`Production welds of ${revalidation.welderName}`}>
      <Stack gap="sm">
        <Text size="sm">
          {`Two production welds of ${revalidation.welderName} (${revalidation.certificateNumber}) made between ${day(revalidation.window.from)} and ${day(revalidation.window.to)}, each with its test report (radiography, ultrasonic or destructive) as a PDF. Staff decide; approved, the qualification is valid for 2 more years.`}
        </Text>
        {[0, 1].map((index) => (
          <Paper key={index} withBorder radius="sm" p="sm" component="fieldset" aria-label={`Production weld ${index + 1}`}>
            <Stack gap="xs">
              <Text fw={600} size="sm">{`Production weld ${index + 1}`}</Text>
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <TextInput label="Description" required withAsterisk {...form.getInputProps(`welds.${index}.description`)} />
                <DateField label="Welded on" required withAsterisk min={revalidation.window.from} max={revalidation.window.to} {...form.getInputProps(`welds.${index}.weldedOn`)} />
                <NativeSelect label="Test method" required withAsterisk data={[{ value: '', label: 'Choose' }, ...TEST_METHODS.map((method) => ({ value: method, label: method }))]} {...form.getInputProps(`welds.${index}.testMethod`)} />
              </SimpleGrid>
              <FileInput
                label={`Test report of weld ${index + 1}`}
                required
                withAsterisk
                accept="application/pdf"
                placeholder="Choose a PDF"
                description={reports[index] ? `${reports[index].name}: ${reports[index].percent}%` : undefined}
                error={form.errors[`welds.${index}.testReportAttachmentId`]}
                onChange={(file) => void upload(index, file)}
              />
            </Stack>
          </Paper>
        ))}
        {failure && (
          <Alert color="red" variant="light" title="Not sent">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={form.submitting}>
            Send the production welds
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
