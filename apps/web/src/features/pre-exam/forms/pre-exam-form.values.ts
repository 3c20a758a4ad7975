import { selectionErrors, type PreExamLine, type PreExamUpdateRequest, type PreExamView } from '@certs/shared/pre-exam/pre-exam.contract';
import { feeLinesOf, gstContained, invoiceTotalsOf, type ModuleChoice } from '@certs/shared/pre-exam/pre-exam-rules';

export interface PreExamFormValues {
  /** The choice per program module id. */
  choices: Record<string, ModuleChoice>;
  couponCode: string;
}

export function initialPreExamValues(view: PreExamView): PreExamFormValues {
  return { choices: Object.fromEntries(view.modules.map((m) => [m.programModuleId, m.choice])), couponCode: view.couponCode ?? '' };
}

/** A typed code as the server keeps it: trimmed, upper-case, or none. */
export function normalisedCode(code: string): string | null {
  const trimmed = code.trim();
  return trimmed ? trimmed.toUpperCase() : null;
}

export function preExamRequestOf(values: PreExamFormValues, view: PreExamView): PreExamUpdateRequest & { modules: { programModuleId: string; choice: ModuleChoice }[] } {
  return {
    modules: view.modules.map((m) => ({ programModuleId: m.programModuleId, choice: values.choices[m.programModuleId] ?? 'notTaken' })),
    couponCode: normalisedCode(values.couponCode),
  };
}

/** What stops the selection being saved (the rule the server applies too), by field. */
export function preExamErrorsOf(values: PreExamFormValues, view: PreExamView): Record<string, string> {
  return selectionErrors(preExamRequestOf(values, view).modules, view.hasModules);
}

/** The lines of the selection on screen, at the fee basis the server decided. */
export function previewLinesOf(values: PreExamFormValues, view: PreExamView): PreExamLine[] {
  if (!view.hasModules) return view.lines;
  return feeLinesOf(
    view.modules.map((m) => ({ ...m, choice: values.choices[m.programModuleId] ?? 'notTaken' })),
    view.feeBasis,
  );
}

/** The discount as it stands on screen: none, being priced, priced by the server, or refused with its reason. */
export type DiscountState = { state: 'none' } | { state: 'pricing' } | { state: 'applied'; cents: number; description: string } | { state: 'refused'; message: string };

export interface PreExamPreview {
  lines: PreExamLine[];
  subtotalCents: number;
  discount: DiscountState;
  /** Null while the discount is being priced. */
  totalCents: number | null;
  gstCents: number | null;
}

/**
 * The totals of the selection on screen. Prices are GST-inclusive, so the GST is the part of the
 * total it contains; the discount is the server's quote for this very subtotal (capped at it).
 */
export function previewOf(values: PreExamFormValues, view: PreExamView, discount: DiscountState): PreExamPreview {
  const lines = previewLinesOf(values, view);
  const discountCents = discount.state === 'applied' ? discount.cents : 0;
  const totals = invoiceTotalsOf(lines, discountCents, view.gstRateBasisPoints);
  if (discount.state === 'pricing') return { lines, subtotalCents: totals.subtotalCents, discount, totalCents: null, gstCents: null };
  return {
    lines,
    subtotalCents: totals.subtotalCents,
    discount: discount.state === 'applied' ? { ...discount, cents: totals.discountCents } : discount,
    totalCents: totals.totalCents,
    gstCents: gstContained(totals.totalCents, view.gstRateBasisPoints),
  };
}

/** Whether the form differs from what is saved (the selection or the code). */
export function isPreExamDirty(values: PreExamFormValues, view: PreExamView): boolean {
  const saved = initialPreExamValues(view);
  return normalisedCode(values.couponCode) !== normalisedCode(saved.couponCode) || view.modules.some((m) => values.choices[m.programModuleId] !== saved.choices[m.programModuleId]) || !view.isSelectionSaved;
}
