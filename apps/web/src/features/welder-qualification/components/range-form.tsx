import { Checkbox, Fieldset, NativeSelect, NumberInput, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useEffect } from 'react';
import type { WpqOptionItem } from '@certs/shared/wpq/wpq.contract';
import {
  useAdditionalJointTypeOptions,
  useFillerMaterialTypes,
  useJointOptions,
  useMaterialSubgroups,
  useProcessOptions,
  useWeldingPositions,
} from '../api/fetch-dependent-options';
import { useWeldProcesses, useWpqReference } from '../api/fetch-wpq-reference';
import type { RangeFormValues } from '../forms/range-form.values';
import { DateField } from '../../../components/ui/date-field';

type Field = keyof RangeFormValues;

const LEGEND_STYLES = {
  legend: {
    fontWeight: 700,
    fontSize: 'var(--mantine-font-size-xs)',
    textTransform: 'uppercase' as const,
    letterSpacing: '0.04em',
    color: 'var(--mantine-color-indigo-8)',
    marginBottom: 'var(--mantine-spacing-xs)',
  },
};

interface RangeFormProps {
  form: UseFormReturnType<RangeFormValues>;
  /** The message to show at a field now, if any. */
  errorOf: (field: Field) => string | undefined;
  onVisit: (field: Field) => void;
}

const choose = (placeholder: string, options: readonly WpqOptionItem[] | undefined) => [
  { value: '', label: placeholder },
  ...(options ?? []).map((o) => ({ value: o.value, label: o.label })),
];

/** A choice that the list it came from no longer offers is cleared, never sent. */
function useClearWhenNotOffered(form: UseFormReturnType<RangeFormValues>, field: Field, options: readonly WpqOptionItem[] | undefined): void {
  const value = form.values[field];
  useEffect(() => {
    if (options && typeof value === 'string' && value !== '' && !options.some((o) => o.value === value)) {
      form.setFieldValue(field, '');
    }
  }, [form, field, options, value]);
}

/** The test variables, each list depending on the choices before it (spec section 7). */
export function RangeForm({ form, errorOf, onVisit }: RangeFormProps) {
  const { values } = form;
  const reference = useWpqReference();
  const processes = useWeldProcesses();
  const processOptions = useProcessOptions(values.weldingProcess);
  const fillerTypes = useFillerMaterialTypes(values.weldingProcess);
  const secondProcessOptions = useProcessOptions(values.hasSecondProcess ? values.secondWeldingProcess : '');
  const secondFillerTypes = useFillerMaterialTypes(values.hasSecondProcess ? values.secondWeldingProcess : '');
  const jointOptions = useJointOptions(values.productType, values.jointType);
  const positions = useWeldingPositions(values.productType, values.jointType);
  const subgroups = useMaterialSubgroups(values.parentMaterialGroup);
  const additional = useAdditionalJointTypeOptions(values.jointType === 'BW' ? values.additionalJointTypeTest : '');

  useClearWhenNotOffered(form, 'transferMode', processOptions.data?.transferModes);
  useClearWhenNotOffered(form, 'directionOfWelding', processOptions.data?.directionsOfWelding);
  useClearWhenNotOffered(form, 'fillerMaterialType', fillerTypes.data?.fillerMaterialTypes);
  useClearWhenNotOffered(form, 'secondTransferMode', secondProcessOptions.data?.transferModes);
  useClearWhenNotOffered(form, 'secondFillerMaterialType', secondFillerTypes.data?.fillerMaterialTypes);
  useClearWhenNotOffered(form, 'weldingPosition', positions.data?.weldingPositions);
  useClearWhenNotOffered(form, 'branch', jointOptions.data?.branchTypes);
  useClearWhenNotOffered(form, 'backingAndConsumableInsert', jointOptions.data?.backingTypes);
  useClearWhenNotOffered(form, 'additionalJointTypeTest', jointOptions.data?.additionalJointTypes);
  useClearWhenNotOffered(form, 'parentMaterialSubgroup', subgroups.data?.materialSubgroups);
  useClearWhenNotOffered(form, 'productTypeForAdditionalJointType', additional.data?.productTypes);
  useClearWhenNotOffered(form, 'weldingPositionForAdditionalJointType', additional.data?.weldingPositions);

  const props = (field: Field) => ({
    ...form.getInputProps(field),
    error: errorOf(field),
    onBlur: () => onVisit(field),
  });

  const isButt = values.jointType === 'BW';
  const isPipe = values.productType === 'Pipe';
  const isWithoutFiller = values.fillerMaterialType === 'nm' && !(values.hasSecondProcess && values.secondFillerMaterialType !== 'nm');
  const canCombinePositions = isPipe && ['PH', 'PJ', 'PF', 'PG'].includes(values.weldingPosition);

  return (
    <Stack gap="lg">
      <Fieldset legend="Standard and process" variant="unstyled" styles={LEGEND_STYLES}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 1, xl: 2 }} spacing="md" verticalSpacing="sm">
          <NativeSelect label="Standard" data={choose('Select a standard', reference.data?.standards)} {...props('standard')} />
          <NativeSelect label="Welding process" data={choose('Select a process', processes.data?.weldProcesses)} {...props('weldingProcess')} />
          {processOptions.data?.isTransferModeRequired && (
            <NativeSelect label="Transfer mode" data={choose('Select a transfer mode', processOptions.data.transferModes)} {...props('transferMode')} />
          )}
          {processOptions.data?.isDirectionRequired && (
            <NativeSelect
              label="Direction of welding"
              data={choose('Select a direction', processOptions.data.directionsOfWelding)}
              {...props('directionOfWelding')}
            />
          )}
        </SimpleGrid>
      </Fieldset>

      <Fieldset legend="Test piece" variant="unstyled" styles={LEGEND_STYLES}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 1, xl: 2 }} spacing="md" verticalSpacing="sm">
          <NativeSelect label="Product type" data={choose('Select a product type', reference.data?.productTypes)} {...props('productType')} />
          <NativeSelect label="Joint type" data={choose('Select a joint type', reference.data?.jointTypes)} {...props('jointType')} />
          <NumberInput label="Test piece thickness t (mm)" min={0} decimalScale={2} allowNegative={false} {...props('testPieceThickness')} />
          {isButt && (
            <NumberInput
              label="Deposited thickness s (mm)"
              description="Leave empty for one process: s equals t"
              min={0}
              decimalScale={2}
              allowNegative={false}
              {...props('depositThickness')}
            />
          )}
          {isPipe && (
            <NumberInput
              label="Pipe outside diameter D (mm)"
              description="For hollow sections, the smaller side"
              min={0}
              decimalScale={2}
              allowNegative={false}
              {...props('pipeOD')}
            />
          )}
          <NativeSelect
            label="Welding position"
            data={choose(values.productType && values.jointType ? 'Select a position' : 'Choose product and joint type first', positions.data?.weldingPositions)}
            disabled={!positions.data}
            {...props('weldingPosition')}
          />
          {isPipe && <NativeSelect label="Branch connection" data={choose('None recorded', jointOptions.data?.branchTypes)} {...props('branch')} />}
        </SimpleGrid>
        {canCombinePositions && (
          <Checkbox
            mt="sm"
            label="Welded two-thirds in PH/PJ and one-third in PC (one pipe of D 150 mm or more)"
            {...form.getInputProps('combinedPositionTest', { type: 'checkbox' })}
            error={errorOf('combinedPositionTest')}
          />
        )}
      </Fieldset>

      <Fieldset legend="Filler material" variant="unstyled" styles={LEGEND_STYLES}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 1, xl: 2 }} spacing="md" verticalSpacing="sm">
          <NativeSelect
            label="Filler material type"
            data={choose(values.weldingProcess ? 'Select a filler type' : 'Choose a process first', fillerTypes.data?.fillerMaterialTypes)}
            disabled={!fillerTypes.data}
            {...props('fillerMaterialType')}
          />
          <NativeSelect
            label="Filler material group"
            data={choose(isWithoutFiller ? 'No filler' : 'Select a filler group', reference.data?.fillerMaterialGroups)}
            disabled={isWithoutFiller}
            {...props('fillerMaterialGroup')}
          />
        </SimpleGrid>
      </Fieldset>

      <Fieldset legend="Weld details" variant="unstyled" styles={LEGEND_STYLES}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 1, xl: 2 }} spacing="md" verticalSpacing="sm">
          {isButt && (
            <NativeSelect
              label="Backing and consumable insert"
              data={choose('Select the weld details', jointOptions.data?.backingTypes)}
              {...props('backingAndConsumableInsert')}
            />
          )}
          <NativeSelect
            label="Layer technique"
            description={isButt ? 'Needed from 12 mm and with a supplementary fillet test' : undefined}
            data={choose('Select a layer technique', reference.data?.layerTechniques)}
            {...props('layerTechnique')}
          />
          <NativeSelect
            label="Type of current and polarity"
            description="Recorded; does not limit the range"
            data={choose('Not recorded', reference.data?.currentTypes)}
            {...props('typeOfCurrentAndPolarity')}
          />
        </SimpleGrid>
        {isButt && (
          <Switch
            mt="md"
            label="Joint welded by two processes or two filler types"
            description="The first process above made the root"
            {...form.getInputProps('hasSecondProcess', { type: 'checkbox' })}
          />
        )}
        {isButt && values.hasSecondProcess && (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 1, xl: 2 }} spacing="md" verticalSpacing="sm" mt="sm">
            <NativeSelect label="Second welding process" data={choose('Select a process', processes.data?.weldProcesses)} {...props('secondWeldingProcess')} />
            {secondProcessOptions.data?.isTransferModeRequired && (
              <NativeSelect
                label="Second process transfer mode"
                data={choose('Select a transfer mode', secondProcessOptions.data.transferModes)}
                {...props('secondTransferMode')}
              />
            )}
            <NativeSelect
              label="Second filler material type"
              data={choose('Select a filler type', secondFillerTypes.data?.fillerMaterialTypes)}
              disabled={!secondFillerTypes.data}
              {...props('secondFillerMaterialType')}
            />
            <NumberInput label="Second deposited thickness s (mm)" min={0} decimalScale={2} allowNegative={false} {...props('secondDepositThickness')} />
          </SimpleGrid>
        )}
      </Fieldset>

      <Fieldset legend="Parent material (ISO/TR 15608)" variant="unstyled" styles={LEGEND_STYLES}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 1, xl: 2 }} spacing="md" verticalSpacing="sm">
          <NativeSelect
            label="Parent material group"
            description={isWithoutFiller ? 'Needed when welding without filler' : 'Recorded; with filler, groups 1 to 11 are qualified'}
            data={choose('Not recorded', reference.data?.materialGroups.map((g) => ({ value: g.value, label: `${g.label}: ${g.description ?? ''}` })))}
            {...props('parentMaterialGroup')}
          />
          <NativeSelect
            label="Parent material subgroup"
            data={choose(values.parentMaterialGroup ? 'Not recorded' : 'Choose a group first', subgroups.data?.materialSubgroups)}
            disabled={!subgroups.data}
            {...props('parentMaterialSubgroup')}
          />
        </SimpleGrid>
      </Fieldset>

      {isButt && (
        <Fieldset legend="Supplementary fillet weld test" variant="unstyled" styles={LEGEND_STYLES}>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 1, xl: 2 }} spacing="md" verticalSpacing="sm">
            <NativeSelect
              label="Additional joint type test"
              data={choose('Select', jointOptions.data?.additionalJointTypes)}
              {...props('additionalJointTypeTest')}
            />
            {values.additionalJointTypeTest === 'FW' && (
              <>
                <NativeSelect
                  label="Product type of the fillet test"
                  data={choose('Select a product type', additional.data?.productTypes)}
                  {...props('productTypeForAdditionalJointType')}
                />
                <NativeSelect
                  label="Position of the fillet test"
                  data={choose('Select a position', additional.data?.weldingPositions)}
                  {...props('weldingPositionForAdditionalJointType')}
                />
              </>
            )}
          </SimpleGrid>
        </Fieldset>
      )}

      <Fieldset legend="Validity" variant="unstyled" styles={LEGEND_STYLES}>
        <DateField label="Test date" description="When the test piece was welded; shows the 9.3 dates" maw={240} {...props('testDate')} />
      </Fieldset>
      {reference.isError && (
        <Text c="red.9" size="sm" role="alert">
          The welding reference lists could not be loaded. Reload the page to try again.
        </Text>
      )}
    </Stack>
  );
}
