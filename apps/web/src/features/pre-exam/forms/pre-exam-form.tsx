import { Alert, Badge, Button, Group, Radio, Stack, Table, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import type { PreExamUpdateRequest, PreExamView } from '@certs/shared/pre-exam/pre-exam.contract';
import { FEE_BASIS_LABELS, MODULE_CHOICES, MODULE_CHOICE_LABELS, formatGstRate, formatMoney, type ModuleChoice } from '@certs/shared/pre-exam/pre-exam-rules';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ApiError, errorMessageOf } from '../../../lib/api-client';
import { useCouponQuote } from '../api/verify-coupon';
import { initialPreExamValues, isPreExamDirty, normalisedCode, preExamErrorsOf, preExamRequestOf, previewOf, type DiscountState, type PreExamFormValues } from './pre-exam-form.values';

interface PreExamFormProps {
  view: PreExamView;
  onSave: (request: PreExamUpdateRequest) => Promise<unknown>;
  onIssue: (request: PreExamUpdateRequest) => Promise<unknown>;
}

function discountStateOf(code: string | null, quote: ReturnType<typeof useCouponQuote>): DiscountState {
  if (!code) return { state: 'none' };
  if (quote.error) {
    const fieldErrors = quote.error instanceof ApiError ? quote.error.fieldErrors : {};
    return { state: 'refused', message: fieldErrors.couponCode ?? errorMessageOf(quote.error) };
  }
  if (!quote.data || quote.isPlaceholderData) return { state: 'pricing' };
  return { state: 'applied', cents: quote.data.discountCents ?? 0, description: `${quote.data.code}: ${quote.data.discountText} off` };
}

/**
 * The pre-exam stage's form: a choice per module (Required, Optional, Not taken) with its fees at
 * the basis the server decided, a discount code priced by the server for this subtotal, the totals
 * (GST included), then Save or Issue invoice. The selection rule is the one the server applies.
 */
export function PreExamForm({ view, onSave, onIssue }: PreExamFormProps) {
  const form = useForm<PreExamFormValues>({ initialValues: initialPreExamValues(view) });
  const [appliedCode, setAppliedCode] = useState<string | null>(view.couponCode);
  const [failure, setFailure] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const [isConfirming, setIsConfirming] = useState(false);
  const values = form.getValues();
  const subtotalCents = previewOf(values, view, { state: 'none' }).subtotalCents;
  const quote = useCouponQuote(view.programId, view.applicantId, appliedCode, subtotalCents);
  const discount = discountStateOf(appliedCode, quote);
  const preview = previewOf(values, view, discount);
  const isDirty = isPreExamDirty(values, view);
  const couponError = form.errors.couponCode ?? (discount.state === 'refused' ? discount.message : null);

  /** Checks the selection here first; the server's field messages land at their fields. */
  const requestOrErrors = (): PreExamUpdateRequest | null => {
    setFailure(null);
    form.clearErrors();
    const errors = preExamErrorsOf(form.getValues(), view);
    if (Object.keys(errors).length > 0) {
      form.setErrors(errors);
      return null;
    }
    return preExamRequestOf(form.getValues(), view);
  };
  const showRefusal = (error: unknown) => {
    const fieldErrors = error instanceof ApiError ? error.fieldErrors : {};
    if (Object.keys(fieldErrors).length > 0) form.setErrors(fieldErrors);
    else setFailure(errorMessageOf(error));
  };

  const save = async () => {
    const request = requestOrErrors();
    if (!request) return;
    setIsSaving(true);
    try {
      await onSave(request);
      setAppliedCode(request.couponCode ?? null);
      form.resetDirty();
    } catch (error) {
      showRefusal(error);
    } finally {
      setIsSaving(false);
    }
  };

  const apply = () => {
    form.clearFieldError('couponCode');
    setAppliedCode(normalisedCode(form.getValues().couponCode));
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      noValidate
      aria-label="Pre-exam"
    >
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" title="The pre-exam stage was not saved">
            {failure}
          </Alert>
        )}
        <Group gap="xs">
          <Badge variant="light" color={view.feeBasis === 'member' ? 'green' : 'gray'} radius="sm" tt="none" data-testid="fee-basis">
            {FEE_BASIS_LABELS[view.feeBasis]} fees
          </Badge>
          <Text size="sm" c="dimmed">
            {view.feeBasis === 'member' ? "The applicant's membership is confirmed and current." : 'No confirmed, current membership: non-member fees apply.'}
          </Text>
        </Group>

        {view.hasModules ? (
          <Stack gap={4}>
            <Table.ScrollContainer minWidth={720}>
              <Table verticalSpacing="xs" aria-label="Modules" data-testid="pre-exam-modules">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Module</Table.Th>
                    <Table.Th scope="col">Title</Table.Th>
                    <Table.Th scope="col">Exam</Table.Th>
                    <Table.Th scope="col" ta="right">
                      Member fee
                    </Table.Th>
                    <Table.Th scope="col" ta="right">
                      Non-member fee
                    </Table.Th>
                    <Table.Th scope="col">For this candidate</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {view.modules.map((module) => (
                    <Table.Tr key={module.programModuleId} data-testid={`module-${module.moduleCode}`}>
                      <Table.Td>{module.moduleCode}</Table.Td>
                      <Table.Td>{module.moduleTitle}</Table.Td>
                      <Table.Td>{module.examinationType}</Table.Td>
                      <Table.Td ta="right" fw={view.feeBasis === 'member' ? 600 : undefined}>
                        {formatMoney(module.memberFeeCents, view.currency)}
                      </Table.Td>
                      <Table.Td ta="right" fw={view.feeBasis === 'nonMember' ? 600 : undefined}>
                        {formatMoney(module.nonMemberFeeCents, view.currency)}
                      </Table.Td>
                      <Table.Td>
                        <Radio.Group
                          aria-label={`${module.moduleCode} for this candidate`}
                          value={values.choices[module.programModuleId] ?? 'notTaken'}
                          onChange={(choice) => {
                            form.setFieldValue(`choices.${module.programModuleId}`, choice as ModuleChoice);
                            form.clearFieldError('modules');
                          }}
                        >
                          <Group gap="sm" wrap="nowrap">
                            {MODULE_CHOICES.map((choice) => (
                              <Radio key={choice} value={choice} label={MODULE_CHOICE_LABELS[choice]} size="xs" />
                            ))}
                          </Group>
                        </Radio.Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {form.errors.modules && (
              <Text c="red.8" size="sm" role="alert" data-testid="modules-error">
                {form.errors.modules}
              </Text>
            )}
          </Stack>
        ) : (
          <Text size="sm">
            Certification programs have no modules: the invoice charges the program&apos;s certification fee.
          </Text>
        )}

        <Group align="flex-start" gap="sm">
          <TextInput
            label="Discount code"
            description={discount.state === 'applied' ? discount.description : 'Optional. Checked for this program and applicant.'}
            w={280}
            {...form.getInputProps('couponCode')}
            error={couponError}
          />
          <Button variant="default" mt={25} onClick={apply} loading={discount.state === 'pricing'}>
            Apply
          </Button>
        </Group>

        <Table withRowBorders={false} w="auto" maw={460} aria-label="Totals" data-testid="pre-exam-totals">
          <Table.Tbody>
            {preview.lines.map((line) => (
              <Table.Tr key={`${line.programModuleId ?? 'fee'}`}>
                <Table.Td>
                  {line.moduleCode} {line.moduleTitle}
                  {!line.isRequired && ' (optional)'}
                </Table.Td>
                <Table.Td ta="right">{formatMoney(line.amountCents, view.currency)}</Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Th scope="row">Subtotal</Table.Th>
              <Table.Td ta="right">{formatMoney(preview.subtotalCents, view.currency)}</Table.Td>
            </Table.Tr>
            {discount.state !== 'none' && discount.state !== 'refused' && (
              <Table.Tr>
                <Table.Th scope="row">Discount ({appliedCode})</Table.Th>
                <Table.Td ta="right">{preview.discount.state === 'applied' ? `-${formatMoney(preview.discount.cents, view.currency)}` : '…'}</Table.Td>
              </Table.Tr>
            )}
            <Table.Tr>
              <Table.Th scope="row">Total (incl. GST)</Table.Th>
              <Table.Td ta="right" fw={700}>
                {preview.totalCents === null ? '…' : formatMoney(preview.totalCents, view.currency)}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row" fw={400}>
                GST included ({formatGstRate(view.gstRateBasisPoints)})
              </Table.Th>
              <Table.Td ta="right">{preview.gstCents === null ? '…' : formatMoney(preview.gstCents, view.currency)}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>

        <Group gap="sm">
          <Button type="submit" variant="default" loading={isSaving}>
            Save
          </Button>
          <Button
            onClick={() => {
              if (requestOrErrors()) setIsConfirming(true);
            }}
            disabled={isSaving || discount.state === 'pricing'}
          >
            Issue invoice
          </Button>
          {isDirty && (
            <Text size="xs" c="dimmed">
              Not saved yet: issuing the invoice saves this selection first.
            </Text>
          )}
        </Group>
      </Stack>

      <ConfirmDialog
        opened={isConfirming}
        title="Issue the tax invoice?"
        confirmLabel="Issue invoice"
        failureTitle="The invoice was not issued"
        onClose={() => setIsConfirming(false)}
        onConfirm={async () => {
          const request = preExamRequestOf(form.getValues(), view);
          try {
            await onIssue(request);
          } catch (error) {
            showRefusal(error);
            throw error;
          }
        }}
      >
        <Text size="sm">
          {preview.lines.length === 1 ? '1 line' : `${preview.lines.length} lines`}, total <strong>{preview.totalCents === null ? '…' : formatMoney(preview.totalCents, view.currency)}</strong> including GST. The invoice gets the next number, the application moves to the payment stage and the applicant is mailed the invoice with a payment link.
        </Text>
        <Text size="sm" c="dimmed">
          An issued invoice cannot be changed.
        </Text>
      </ConfirmDialog>
    </form>
  );
}
