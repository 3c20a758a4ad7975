import { Alert, Button, Group, NativeSelect, Radio, Select, SimpleGrid, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useMemo, useState } from 'react';
import { useCurrencySymbol } from '../../../lib/currency';
import { OFFERED_TIME_ZONES, type OfferedTimeZone } from '@certs/shared/common/dates';
import {
  CouponRequest,
  DISCOUNT_TYPE_LABELS,
  type Coupon,
  type CouponAppliesTo,
  type CouponProgramOption,
  type DiscountType,
} from '@certs/shared/coupon/coupon.contract';
import { PROGRAM_TYPE_INFO, PROGRAM_TYPES } from '@certs/shared/program/program-type';
import { ApiError, errorMessageOf } from '../../../lib/api-client';
import { DateField } from '../../../components/ui/date-field';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The form as typed: days (YYYY-MM-DD) in the user's zone rather than instants, text for numbers. */
export interface CouponFormValues {
  code: string;
  description: string;
  discountType: DiscountType;
  discountValue: string;
  appliesTo: CouponAppliesTo;
  programType: string | null;
  programId: string | null;
  validFrom: string;
  validTo: string;
  usageLimit: string;
  active: boolean;
}

const DAY = 'YYYY-MM-DD';

export function couponFormValuesOf(coupon: Coupon | null, zone: OfferedTimeZone): CouponFormValues {
  if (!coupon) {
    return { code: '', description: '', discountType: 'percentage', discountValue: '', appliesTo: 'programType', programType: null, programId: null, validFrom: '', validTo: '', usageLimit: '', active: true };
  }
  return {
    code: coupon.code,
    description: coupon.description,
    discountType: coupon.discountType,
    discountValue: String(Number((coupon.discountValue / 100).toFixed(2))),
    appliesTo: coupon.appliesTo,
    programType: coupon.programType === null ? null : String(coupon.programType),
    programId: coupon.programId,
    validFrom: dayjs(coupon.validFrom).tz(zone).format(DAY),
    validTo: dayjs(coupon.validTo).tz(zone).format(DAY),
    usageLimit: coupon.usageLimit === null ? '' : String(coupon.usageLimit),
    active: coupon.active,
  };
}

/** What the API takes: a code is valid from the start of its first day to the end of its last, in the user's zone. */
export function couponRequestOf(values: CouponFormValues, zone: OfferedTimeZone): CouponRequest {
  const isDay = (text: string) => dayjs(text, DAY, true).isValid();
  return {
    code: values.code,
    description: values.description,
    discountType: values.discountType,
    discountValue: values.discountValue,
    appliesTo: values.appliesTo,
    programType: values.programType ? (Number(values.programType) as 1 | 2 | 3 | 4) : null,
    programId: values.programId || null,
    validFrom: isDay(values.validFrom) ? dayjs.tz(values.validFrom, zone).toISOString() : '',
    validTo: isDay(values.validTo) ? dayjs.tz(values.validTo, zone).endOf('day').toISOString() : '',
    usageLimit: values.usageLimit.trim() === '' ? null : values.usageLimit.trim(),
    active: values.active,
  };
}

const resolve = zod4Resolver(CouponRequest, { errorPriority: 'first' });

interface CouponFormProps {
  coupon: Coupon | null;
  zone: OfferedTimeZone;
  submitLabel: string;
  /** Programs to choose from for a code of one program, and the search that fetches them (the caller debounces). */
  programs: CouponProgramOption[];
  onProgramSearch: (term: string) => void;
  onSubmit: (request: CouponRequest) => Promise<unknown>;
}

/**
 * A discount code: percentage or fixed amount, for a program type or one program, valid between two
 * days (in the user's zone, Sydney unless they chose another), with an optional usage limit. The
 * shared schema checks it here and on the server, so both say the same at the same field. Once a
 * code has been used its code, discount and program are fixed.
 */
export function CouponForm({ coupon, zone, submitLabel, programs, onProgramSearch, onSubmit }: CouponFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const isUsed = (coupon?.usedCount ?? 0) > 0;
  const symbol = useCurrencySymbol();
  const form = useForm<CouponFormValues>({
    initialValues: couponFormValuesOf(coupon, zone),
    validate: (values) => resolve(couponRequestOf(values, zone) as unknown as Record<string, unknown>),
  });
  const zoneLabel = OFFERED_TIME_ZONES.find((z) => z.zone === zone)?.label ?? zone;
  const values = form.values;

  const programOptions = useMemo(() => {
    const options = programs.map((p) => ({ value: p.id, label: `${p.programCode} ${p.programTitle} (${PROGRAM_TYPE_INFO[p.programType as 1 | 2 | 3 | 4]?.label ?? ''})` }));
    // The chosen program stays listed whatever the search shows.
    if (coupon?.programId && !options.some((o) => o.value === coupon.programId)) {
      options.unshift({ value: coupon.programId, label: `${coupon.programCode ?? ''} ${coupon.programTitle ?? ''}`.trim() });
    }
    return options;
  }, [programs, coupon]);

  const handleSubmit = async (submitted: CouponFormValues) => {
    setFailure(null);
    try {
      await onSubmit(couponRequestOf(submitted, zone));
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? error.fieldErrors : {};
      const atFields = Object.entries(fieldErrors).filter(([field]) => field in submitted);
      if (atFields.length > 0) form.setErrors(Object.fromEntries(atFields));
      else setFailure(errorMessageOf(error));
    }
  };

  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate aria-label="Discount code">
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" title="Not saved">
            {failure}
          </Alert>
        )}
        {isUsed && (
          <Alert color="blue" variant="light">
            Used {coupon?.usedCount} time{coupon?.usedCount === 1 ? '' : 's'}: the code, discount and program can no longer change.
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Code"
            description="Letters, digits, - and _; applicants may type it in any case"
            required
            withAsterisk
            disabled={isUsed}
            {...form.getInputProps('code')}
            onBlur={(event) => form.setFieldValue('code', event.currentTarget.value.trim().toUpperCase())}
          />
          <Switch label="Active" mt="xl" {...form.getInputProps('active', { type: 'checkbox' })} />
        </SimpleGrid>
        <Textarea label="Description" autosize minRows={2} {...form.getInputProps('description')} />
        <Radio.Group label="Discount" required withAsterisk {...form.getInputProps('discountType')}>
          <Group mt="xs">
            {(Object.keys(DISCOUNT_TYPE_LABELS) as DiscountType[]).map((type) => (
              <Radio key={type} value={type} label={DISCOUNT_TYPE_LABELS[type]} disabled={isUsed} />
            ))}
          </Group>
        </Radio.Group>
        <TextInput
          label={values.discountType === 'percentage' ? 'Percentage (%)' : `Amount (${symbol})`}
          description={values.discountType === 'percentage' ? '1 to 100, up to 2 decimals' : 'GST-inclusive dollars, up to 2 decimals; never more than the invoice'}
          inputMode="decimal"
          required
          withAsterisk
          disabled={isUsed}
          {...form.getInputProps('discountValue')}
        />
        <Radio.Group label="For" required withAsterisk {...form.getInputProps('appliesTo')}>
          <Group mt="xs">
            <Radio value="programType" label="Every program of a type" disabled={isUsed} />
            <Radio value="program" label="One program" disabled={isUsed} />
          </Group>
        </Radio.Group>
        {values.appliesTo === 'programType' ? (
          <NativeSelect
            label="Program Type"
            required
            withAsterisk
            disabled={isUsed}
            data={[{ value: '', label: 'Choose a program type' }, ...Object.values(PROGRAM_TYPES).map((type) => ({ value: String(type), label: PROGRAM_TYPE_INFO[type].label }))]}
            {...form.getInputProps('programType')}
            value={values.programType ?? ''}
            onChange={(event) => form.setFieldValue('programType', event.currentTarget.value || null)}
          />
        ) : (
          <Select
            label="Program"
            placeholder="Search by code or title"
            required
            withAsterisk
            searchable
            disabled={isUsed}
            nothingFoundMessage="No program found"
            data={programOptions}
            onSearchChange={onProgramSearch}
            {...form.getInputProps('programId')}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <DateField label="Valid from" description={`From the start of this day, ${zoneLabel} time`} required withAsterisk {...form.getInputProps('validFrom')} />
          <DateField label="Valid to" description={`To the end of this day, ${zoneLabel} time`} required withAsterisk {...form.getInputProps('validTo')} />
        </SimpleGrid>
        <TextInput
          label="Usage limit"
          description={isUsed ? `Applicants in all; at least the ${coupon?.usedCount} so far. Empty for no limit.` : 'Applicants in all; empty for no limit'}
          inputMode="numeric"
          {...form.getInputProps('usageLimit')}
        />
        <Text size="xs" c="dimmed">
          Each applicant can use a code once.
        </Text>
        <Group justify="flex-end">
          <Button type="submit" loading={form.submitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
