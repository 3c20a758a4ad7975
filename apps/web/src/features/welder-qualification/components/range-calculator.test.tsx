import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { calculateRange as calculateWithEngine, type RangeInput } from '@certs/shared/wpq/wpq-range';
import {
  BACKING_TYPES,
  JOINT_TYPES,
  LAYER_TECHNIQUES,
  PRODUCT_TYPES,
  TEST_POSITIONS,
  TRANSFER_MODES,
  WELDING_POSITIONS,
  WELD_PROCESSES,
  fillerTypeOptions,
  type WeldProcess,
} from '@certs/shared/wpq/wpq-reference';
import { jsonResponse, stubFetch, type RecordedCall } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { RangeCalculator } from './range-calculator';

const options = (list: readonly { value: string; label: string }[]) => list.map(({ value, label }) => ({ value, label }));
const BASE = '/api/welderqualificationoptions';

const reference = {
  standards: [
    { value: 'ISO 9606-1:2017', label: 'ISO 9606-1:2017' },
    { value: 'AS/NZS 2980:2018', label: 'AS/NZS 2980:2018' },
  ],
  weldProcesses: WELD_PROCESSES.map((p) => ({ value: p.value, label: `${p.value}: ${p.name}` })),
  transferModes: options(TRANSFER_MODES),
  directionsOfWelding: [],
  productTypes: options(PRODUCT_TYPES),
  jointTypes: options(JOINT_TYPES),
  branchTypes: [],
  additionalJointTypes: [],
  backingTypes: options(BACKING_TYPES),
  layerTechniques: options(LAYER_TECHNIQUES),
  currentTypes: [],
  fillerMaterialGroups: [{ value: 'FM1', label: 'FM1: Non-alloy and fine-grain steels' }],
  weldingPositions: options(WELDING_POSITIONS),
  materialGroups: [],
  testMethods: [],
  validityOptions: [],
};

/** The option endpoints as the server answers them, and the range from the shared engine itself. */
function serve(call: RecordedCall): Response {
  const path = call.url;
  if (path === `${BASE}/reference`) return jsonResponse(reference);
  if (path === `${BASE}/weldprocesses`) return jsonResponse({ weldProcesses: reference.weldProcesses });
  const process = /dependentoptions\/process\/(\w+)$/.exec(path)?.[1] as WeldProcess | undefined;
  if (process) {
    const hasModes = ['131', '135', '138'].includes(process);
    return jsonResponse({
      weldingProcess: process,
      transferModes: hasModes ? options(TRANSFER_MODES) : [],
      directionsOfWelding: [],
      fillerMaterialGroups: reference.fillerMaterialGroups,
      fillerMaterialTypes: fillerTypeOptions(process),
      canWeldWithoutFiller: false,
      isTransferModeRequired: hasModes,
      isDirectionRequired: false,
    });
  }
  const fillerProcess = /fillermaterialtypes\/(\w+)$/.exec(path)?.[1] as WeldProcess | undefined;
  if (fillerProcess) return jsonResponse({ weldingProcess: fillerProcess, fillerMaterialGroup: 'FM1', fillerMaterialTypes: fillerTypeOptions(fillerProcess) });
  const joint = /dependentoptions\/product\/(\w+)\/joint\/(\w+)$/.exec(path);
  const positions = /weldingpositions\/(\w+)\/(\w+)$/.exec(path);
  const productJoint = joint ?? positions;
  if (productJoint) {
    const productType = productJoint[1] as 'Plate' | 'Pipe';
    const jointType = productJoint[2] as 'BW' | 'FW';
    const weldingPositions = options(WELDING_POSITIONS.filter((p) => TEST_POSITIONS[productType][jointType].includes(p.value)));
    if (positions) return jsonResponse({ productType, jointType, weldingPositions });
    return jsonResponse({
      productType,
      jointType,
      weldingPositions,
      branchTypes: [{ value: 'Not-applicable', label: 'Not applicable' }],
      backingTypes: jointType === 'BW' ? options(BACKING_TYPES) : [],
      layerTechniques: options(LAYER_TECHNIQUES),
      additionalJointTypes: [{ value: 'Not-applicable', label: 'None' }],
      isPipeODRequired: productType === 'Pipe',
      isDepositThicknessUsed: jointType === 'BW',
      isBackingRequired: jointType === 'BW',
      isLayerTechniqueRequired: jointType === 'FW',
      canCombinePositions: false,
    });
  }
  if (path === `${BASE}/range`) {
    const outcome = calculateWithEngine(call.body as RangeInput);
    if (!outcome.ok) return jsonResponse({ statusCode: 400, error: 'Bad Request', message: 'Invalid', fieldErrors: outcome.fieldErrors }, 400);
    return jsonResponse({ ...outcome.range, validity: null });
  }
  return jsonResponse({ statusCode: 404, error: 'Not Found', message: 'Not here' }, 404);
}

// Many Mantine inputs in jsdom are slow on a busy machine; these waits are ceilings, not delays.
const WAIT_MS = 10_000;
const TEST_MS = 60_000;

async function chooseOption(label: string, value: string) {
  const select = screen.getByLabelText(label, { selector: 'select' });
  await waitFor(() => expect(select.querySelector(`option[value="${value}"]`)).not.toBeNull(), { timeout: WAIT_MS });
  await userEvent.selectOptions(select, value);
}

describe('the range-of-qualification calculator', () => {
  it('offers dependent lists and shows the live range with its reasons', async () => {
    const { calls } = stubFetch(serve);
    renderWithProviders(<RangeCalculator printedBy="Sam Super" />);

    await chooseOption('Welding process', '135');
    // The transfer mode appears only for a process whose mode matters.
    await chooseOption('Transfer mode', 'short-circuit');
    await chooseOption('Product type', 'Plate');
    await chooseOption('Joint type', 'BW');
    const positions = within(screen.getByLabelText('Welding position', { selector: 'select' }));
    await waitFor(() => expect(positions.getAllByRole('option').map((o) => o.getAttribute('value'))).toEqual(['', 'PA', 'PC', 'PE', 'PF', 'PG']), { timeout: WAIT_MS });
    await userEvent.type(screen.getByLabelText('Test piece thickness t (mm)'), '10');
    await chooseOption('Welding position', 'PF');
    await chooseOption('Filler material type', 'S');
    await chooseOption('Filler material group', 'FM1');
    expect(screen.getByText(/Still needed: backing and consumable insert/)).toBeInTheDocument();
    await chooseOption('Backing and consumable insert', 'ss nb');

    expect(await screen.findByTestId('range-thickness', {}, { timeout: WAIT_MS })).toHaveTextContent('3 mm to 20 mm');
    expect(screen.getByTestId('range-positions')).toHaveTextContent('PA, PF');
    expect(screen.getByTestId('range-designation')).toHaveTextContent('ISO 9606-1 135 P BW FM1 S s10 PF ss nb');
    expect(screen.getByTestId('range-reasons')).toHaveTextContent('ISO 9606-1 5.7, Range of qualification for deposited thickness of butt welds');
    const rangeCalls = calls.filter((c) => c.url === `${BASE}/range`);
    // Debounced: one request for the finished variables, not one per keystroke.
    expect(rangeCalls).toHaveLength(1);
    expect(rangeCalls[0]?.method).toBe('POST');

    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
    // The printed page's date and time in the spec's format (issue 45 item 9), not the browser's own.
    expect(screen.getByText(/^Printed /)).toHaveTextContent(/^Printed \d{2}-[A-Z][a-z]{2}-\d{4} \d{2}:\d{2} [AP]M \w+ by Sam Super\./);
  }, TEST_MS);

  it('shows the schema message at a field and sends nothing it cannot range', async () => {
    const { calls } = stubFetch(serve);
    renderWithProviders(<RangeCalculator printedBy="Ari Applicant" />);
    await chooseOption('Welding process', '111');
    await chooseOption('Product type', 'Plate');
    await chooseOption('Joint type', 'BW');
    await userEvent.type(screen.getByLabelText('Test piece thickness t (mm)'), '0');
    expect(await screen.findByText('Test piece thickness must be more than 0 mm', {}, { timeout: WAIT_MS })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print' })).toBeDisabled();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(calls.some((c) => c.url === `${BASE}/range`)).toBe(false);
  }, TEST_MS);
});
