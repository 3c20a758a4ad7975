import { Alert, Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { ApiError, errorMessageOf } from '../../../lib/api-client';
import { useDateFormatter } from '../../../lib/dates';
import { useRangeOfQualification } from '../api/calculate-range';
import { EMPTY_RANGE_FORM, checkRangeForm, formFieldOf, isEmptyField, type RangeFormValues } from '../forms/range-form.values';
import { RangeForm } from './range-form';
import { RangeResult, RangeResultPlaceholder } from './range-result';
import classes from './range-calculator.module.css';

/** Long enough to let someone finish typing "12.5", short enough to feel live. */
const RECALCULATE_DELAY_MS = 350;

const FIELD_LABELS: Partial<Record<keyof RangeFormValues, string>> = {
  weldingProcess: 'welding process',
  transferMode: 'transfer mode',
  directionOfWelding: 'direction of welding',
  productType: 'product type',
  jointType: 'joint type',
  testPieceThickness: 'test piece thickness',
  pipeOD: 'pipe outside diameter',
  weldingPosition: 'welding position',
  fillerMaterialGroup: 'filler material group',
  fillerMaterialType: 'filler material type',
  backingAndConsumableInsert: 'backing and consumable insert',
  layerTechnique: 'layer technique',
  parentMaterialGroup: 'parent material group',
  productTypeForAdditionalJointType: 'product type of the fillet test',
  weldingPositionForAdditionalJointType: 'position of the fillet test',
  secondWeldingProcess: 'second welding process',
  secondTransferMode: 'second process transfer mode',
  secondFillerMaterialType: 'second filler material type',
  secondDepositThickness: 'second deposited thickness',
  depositThickness: 'deposited thickness',
};

interface RangeCalculatorProps {
  /** Names who prints, so that a printout says where it came from. */
  printedBy: string;
}

/**
 * The range-of-qualification calculator: the range follows the variables as they change, checked
 * by the same schema the server uses, with the reasons; it prints as a clean page.
 */
export function RangeCalculator({ printedBy }: RangeCalculatorProps) {
  const dates = useDateFormatter();
  const form = useForm<RangeFormValues>({ initialValues: EMPTY_RANGE_FORM });
  const [visited, setVisited] = useState<ReadonlySet<keyof RangeFormValues>>(new Set());
  const check = useMemo(() => checkRangeForm(form.values), [form.values]);
  const [debouncedValues] = useDebouncedValue(form.values, RECALCULATE_DELAY_MS);
  const debouncedCheck = useMemo(() => checkRangeForm(debouncedValues), [debouncedValues]);
  const range = useRangeOfQualification(debouncedCheck.request);

  const serverErrors = range.error instanceof ApiError ? range.error.fieldErrors : {};
  const errorOf = (field: keyof RangeFormValues): string | undefined => {
    const serverField = Object.keys(serverErrors).find((path) => formFieldOf(path) === field);
    if (serverField && check.request) return serverErrors[serverField];
    const message = check.fieldErrors[field];
    if (!message) return undefined;
    // A required field says so once it has been visited, not while the form is still fresh.
    return visited.has(field) || !isEmptyField(form.values, field) ? message : undefined;
  };
  const markVisited = (field: keyof RangeFormValues) =>
    setVisited((current) => (current.has(field) ? current : new Set([...current, field])));

  const missing = Object.keys(check.fieldErrors)
    .filter((field) => isEmptyField(form.values, field as keyof RangeFormValues))
    .map((field) => FIELD_LABELS[field as keyof RangeFormValues] ?? field);
  const hasValueErrors = Object.keys(check.fieldErrors).some((field) => !isEmptyField(form.values, field as keyof RangeFormValues));
  const isCurrent = check.request !== null && debouncedCheck.request !== null && JSON.stringify(check.request) === JSON.stringify(debouncedCheck.request);
  // The last range stays while the next is calculated, but not once the variables cannot be ranged.
  const shown = check.request !== null ? (range.data ?? null) : null;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4} maw={720}>
          <Text size="sm" fw={600} c="indigo.8">
            Welder qualification
          </Text>
          <Title order={1}>Range of qualification</Title>
          <Text c="dimmed" className={classes.noPrint}>
            Enter the variables of a welder&apos;s test to see what they may weld in production under ISO 9606-1 or AS/NZS 2980, and the rule behind each
            part.
          </Text>
        </Stack>
        <Group gap="sm" className={classes.noPrint}>
          <Button
            variant="default"
            onClick={() => {
              form.setValues(EMPTY_RANGE_FORM);
              setVisited(new Set());
            }}
          >
            Clear
          </Button>
          <Button onClick={() => window.print()} disabled={!shown}>
            Print
          </Button>
        </Group>
      </Group>
      <Text className={classes.printOnly} size="sm" c="dimmed">
        Printed {dates.dateTime(new Date())} by {printedBy}. Calculated from the test variables shown; the examiner confirms the range on
        the certificate.
      </Text>

      <Grid gutter="lg" align="flex-start">
        <Grid.Col span={{ base: 12, lg: 5 }} className={classes.noPrint}>
          <Paper withBorder radius="md" p="lg" component="section" aria-label="Test variables">
            <form onSubmit={(event) => event.preventDefault()} noValidate>
              <RangeForm form={form} errorOf={errorOf} onVisit={markVisited} />
            </form>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }} className={classes.resultColumn}>
          <Paper
            withBorder
            radius="md"
            p="lg"
            component="section"
            aria-label="Range of qualification"
            aria-live="polite"
            aria-busy={range.isFetching}
            className={`${classes.panel} ${shown && (!isCurrent || range.isPlaceholderData) ? classes.isRefreshing : ''}`}
            data-testid="range-result"
          >
            {range.isError && !(range.error instanceof ApiError && Object.keys(range.error.fieldErrors).length > 0) ? (
              <Alert color="red" variant="light" title="Could not calculate the range">
                {errorMessageOf(range.error)}
              </Alert>
            ) : shown ? (
              <RangeResult range={shown.range} request={shown.request} />
            ) : (
              <RangeResultPlaceholder missing={missing} hasErrors={hasValueErrors} />
            )}
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
