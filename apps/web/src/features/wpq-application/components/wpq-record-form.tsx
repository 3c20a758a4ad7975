import { Alert, Button, Fieldset, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { DateField } from '../../../components/ui/date-field';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { todayInSydney } from '@certs/shared/pre-exam/pre-exam-rules';
import type { WpqOptionItem } from '@certs/shared/wpq/wpq.contract';
import { WPQ_RECORD_LABELS as L, WPQ_RECORD_REQUIRED, WPQ_VALIDITY_OPTIONS, wpqRecordIssues, type WpqRecord, type WpqRecordFields } from '@certs/shared/wpq/wpq-record.contract';
import { ApiError, errorMessageOf } from '../../../lib/api-client';
import { useAdditionalJointOptions, useFillerTypes, useJointOptions, usePositions, useProcessOptions, useReference, useSubgroups } from '../api/wpq-options';
import { useSaveWpqRecord, useSubmitWpqRecord } from '../api/wpq-record';
import { initialWpqValues, wpqRequestOf, wpqTypeErrorsOf, type WpqRecordFormValues } from '../forms/wpq-record-form.values';

type Field = keyof WpqRecordFields;
const REQUIRED = new Set<Field>(WPQ_RECORD_REQUIRED);

interface WpqRecordFormProps {
  record: WpqRecord;
  /** Staff entering it for the welder: the wording says so. */
  isStaff?: boolean;
  onSubmitted?: () => void;
}

/** A select of an option list; an empty first entry means "not chosen". */
function OptionSelect({ form, field, options, disabled, description }: { form: ReturnType<typeof useForm<WpqRecordFormValues>>; field: Field; options: readonly WpqOptionItem[] | undefined; disabled?: boolean; description?: string }) {
  const list = options ?? [];
  const value = form.getValues()[field];
  // A saved value the list no longer offers (another product or process chosen) stays visible until changed.
  const data = [{ value: '', label: list.length === 0 ? 'Choose the fields above first' : 'Choose' }, ...list.map((o) => ({ value: o.value, label: o.label }))];
  if (value && !list.some((o) => o.value === value)) data.push({ value, label: value });
  return <NativeSelect label={L[field as keyof typeof L]} withAsterisk={REQUIRED.has(field)} description={description} data={data} disabled={disabled} {...form.getInputProps(field)} />;
}

/**
 * The welder qualification record (spec section 3), with the option lists depending on each other
 * through the option endpoints: subgroups by group, what a product and joint type allow, what a
 * process allows, filler types by process, the supplementary test's product types and positions.
 * Save keeps a draft; Submit checks the whole record with the shared rules first (the server runs
 * the same ones).
 */
export function WpqRecordForm({ record, isStaff = false, onSubmitted }: WpqRecordFormProps) {
  const form = useForm<WpqRecordFormValues>({ mode: 'controlled', initialValues: initialWpqValues(record) });
  const save = useSaveWpqRecord();
  const submit = useSubmitWpqRecord();
  const [notice, setNotice] = useState<{ color: string; text: string } | null>(null);
  const v = form.getValues();

  const reference = useReference();
  const subgroups1 = useSubgroups(v.parentMaterial1Group);
  const subgroups2 = useSubgroups(v.parentMaterial2Group);
  const joint = useJointOptions(v.productType, v.jointType);
  const positions = usePositions(v.productType, v.jointType);
  const process = useProcessOptions(v.weldingProcess);
  const fillerTypes = useFillerTypes(v.weldingProcess);
  const additional = useAdditionalJointOptions(v.additionalJointTypeTest);
  const ref = reference.data;
  const materialGroups = ref?.materialGroups.map((g) => ({ value: g.value, label: g.label }));
  const hasSupplementary = v.additionalJointTypeTest === 'FW';

  const showRefusal = (error: unknown) => {
    const fieldErrors = error instanceof ApiError ? error.fieldErrors : {};
    if (Object.keys(fieldErrors).length > 0) {
      form.setErrors(fieldErrors);
      setNotice({ color: 'red', text: 'Some fields need attention: see the messages below them.' });
    } else setNotice({ color: 'red', text: errorMessageOf(error) });
  };

  const onSave = async () => {
    setNotice(null);
    form.clearErrors();
    const request = wpqRequestOf(record.applicationId, form.getValues());
    const typeErrors = wpqTypeErrorsOf(request);
    if (Object.keys(typeErrors).length > 0) return void form.setErrors(typeErrors);
    try {
      await save.mutateAsync(request);
      setNotice({ color: 'green', text: 'Record saved as a draft.' });
    } catch (error) {
      showRefusal(error);
    }
  };

  const onSubmit = async () => {
    setNotice(null);
    form.clearErrors();
    const request = wpqRequestOf(record.applicationId, form.getValues());
    const typeErrors = wpqTypeErrorsOf(request);
    const errors = Object.keys(typeErrors).length > 0 ? typeErrors : wpqRecordIssues(request as WpqRecordFields, record.standard, todayInSydney());
    if (Object.keys(errors).length > 0) {
      form.setErrors(errors);
      setNotice({ color: 'red', text: 'Some fields need attention: see the messages below them.' });
      return;
    }
    try {
      await submit.mutateAsync(request);
      setNotice({ color: 'green', text: isStaff ? 'Record submitted for the welder.' : 'Record submitted.' });
      onSubmitted?.();
    } catch (error) {
      showRefusal(error);
    }
  };

  const text = (field: Field, props: { type?: 'number'; description?: string } = {}) => (
    <TextInput label={L[field as keyof typeof L]} withAsterisk={REQUIRED.has(field)} type={props.type} description={props.description} {...form.getInputProps(field)} />
  );
  const date = (field: Field) => <DateField label={L[field as keyof typeof L]} withAsterisk={REQUIRED.has(field)} {...form.getInputProps(field)} />;

  return (
    <form
      aria-label="Welder qualification record"
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Standard: {record.standard}. Fields marked * are required to submit; the range of qualification is worked out from these details when the qualification is approved.
        </Text>
        <Fieldset legend="Identity and administration">
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {date('dateOfBirth')}
            {text('placeOfBirth')}
            {text('identificationNumber')}
            {text('methodOfIdentification', { description: 'e.g. Driver licence, passport' })}
            {text('employer')}
            {text('company')}
            {text('userId')}
            {text('wpsNumber')}
            {text('wpsRevision')}
            {date('wpsDate')}
            {text('qualificationType', { description: 'e.g. Initial qualification' })}
            {text('placeOfTesting')}
            {date('testDate')}
            {text('testingAcceptanceCriteria', { description: 'e.g. ISO 5817 level B' })}
            <OptionSelect form={form} field="validityOption" options={WPQ_VALIDITY_OPTIONS} />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend="Test piece">
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {text('parentMaterial1Specification')}
            <OptionSelect form={form} field="parentMaterial1Group" options={materialGroups} />
            <OptionSelect form={form} field="parentMaterial1Subgroup" options={subgroups1.data?.materialSubgroups} />
            {text('parentMaterial2Specification')}
            <OptionSelect form={form} field="parentMaterial2Group" options={materialGroups} />
            <OptionSelect form={form} field="parentMaterial2Subgroup" options={subgroups2.data?.materialSubgroups} />
            <OptionSelect form={form} field="productType" options={ref?.productTypes} />
            <OptionSelect form={form} field="jointType" options={ref?.jointTypes} />
            <OptionSelect form={form} field="branch" options={joint.data?.branchTypes} />
            <OptionSelect form={form} field="additionalJointTypeTest" options={joint.data?.additionalJointTypes} />
            {text('testPieceThickness', { type: 'number' })}
            {text('pipeOD', { type: 'number', description: joint.data?.isPipeODRequired ? 'Required for pipe' : 'Pipe only' })}
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend="Welding">
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            <OptionSelect form={form} field="weldingProcess" options={ref?.weldProcesses} />
            <OptionSelect form={form} field="transferMode" options={process.data?.transferModes} description={process.data?.isTransferModeRequired ? 'Required for this process' : undefined} />
            <OptionSelect form={form} field="directionOfWelding" options={process.data?.directionsOfWelding} />
            <OptionSelect form={form} field="weldingPosition" options={positions.data?.weldingPositions} />
            <OptionSelect form={form} field="productTypeForAdditionalJointType" options={hasSupplementary ? additional.data?.productTypes : []} />
            <OptionSelect form={form} field="weldingPositionForAdditionalJointType" options={hasSupplementary ? additional.data?.weldingPositions : []} />
            <OptionSelect form={form} field="fillerMaterialGroup" options={process.data?.fillerMaterialGroups} />
            <OptionSelect form={form} field="fillerMaterialType" options={fillerTypes.data?.fillerMaterialTypes} />
            {text('fillerMaterialTradeName')}
            <OptionSelect form={form} field="backingAndConsumableInsert" options={joint.data?.backingTypes} />
            {text('depositThickness', { type: 'number', description: 'Butt welds: equals the thickness for one process' })}
            <OptionSelect form={form} field="layerTechnique" options={joint.data?.layerTechniques} />
            {text('shieldingGas')}
            <OptionSelect form={form} field="typeOfCurrentAndPolarity" options={ref?.currentTypes} />
            {text('auxiliaries')}
          </SimpleGrid>
        </Fieldset>
        {notice && (
          <Alert color={notice.color} variant="light" role={notice.color === 'red' ? 'alert' : 'status'}>
            {notice.text}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => void onSave()} loading={save.isPending}>
            Save record
          </Button>
          <Button type="submit" loading={submit.isPending}>
            Submit record
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
