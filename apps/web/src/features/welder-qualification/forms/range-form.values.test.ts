import { describe, expect, it } from 'vitest';
import { WPQ_MESSAGES } from '@certs/shared/wpq/wpq.contract';
import { EMPTY_RANGE_FORM, checkRangeForm, formFieldOf, toRangeRequestInput, type RangeFormValues } from './range-form.values';

const plateButt: RangeFormValues = {
  ...EMPTY_RANGE_FORM,
  weldingProcess: '135',
  transferMode: 'short-circuit',
  productType: 'Plate',
  jointType: 'BW',
  testPieceThickness: 10,
  weldingPosition: 'PF',
  fillerMaterialGroup: 'FM1',
  fillerMaterialType: 'S',
  backingAndConsumableInsert: 'ss nb',
};

describe('the calculator form values', () => {
  it('make the request of the issue example', () => {
    const { request, fieldErrors } = checkRangeForm(plateButt);
    expect(fieldErrors).toEqual({});
    expect(request).toEqual({
      standard: 'ISO 9606-1:2017',
      weldingProcess: '135',
      transferMode: 'short-circuit',
      productType: 'Plate',
      jointType: 'BW',
      testPieceThickness: 10,
      weldingPosition: 'PF',
      fillerMaterialGroup: 'FM1',
      fillerMaterialType: 'S',
      backingAndConsumableInsert: 'ss nb',
    });
  });

  it('leave out what the choices made hidden', () => {
    const input = toRangeRequestInput({
      ...plateButt,
      weldingProcess: '111',
      fillerMaterialType: 'B',
      pipeOD: 60,
      branch: 'Set-on',
      combinedPositionTest: true,
      productTypeForAdditionalJointType: 'Plate',
      secondWeldingProcess: '141',
    });
    expect(input).not.toHaveProperty('transferMode');
    expect(input).not.toHaveProperty('pipeOD');
    expect(input).not.toHaveProperty('branch');
    expect(input).not.toHaveProperty('combinedPositionTest');
    expect(input).not.toHaveProperty('productTypeForAdditionalJointType');
    expect(input).not.toHaveProperty('secondProcess');
    const fillet = toRangeRequestInput({ ...plateButt, jointType: 'FW', depositThickness: 10, layerTechnique: 'sl' });
    expect(fillet).not.toHaveProperty('backingAndConsumableInsert');
    expect(fillet).not.toHaveProperty('depositThickness');
  });

  it('send a second process as one object, and put its messages at its fields', () => {
    const values: RangeFormValues = {
      ...plateButt,
      weldingProcess: '141',
      transferMode: '',
      testPieceThickness: 13,
      depositThickness: 3,
      hasSecondProcess: true,
      secondWeldingProcess: '135',
      secondFillerMaterialType: 'S',
      secondDepositThickness: 10,
    };
    expect(toRangeRequestInput(values).secondProcess).toEqual({ weldingProcess: '135', fillerMaterialType: 'S', depositThickness: 10 });
    expect(checkRangeForm(values).fieldErrors).toEqual({ secondTransferMode: 'Transfer mode is required for process 135' });
    expect(checkRangeForm({ ...values, secondTransferMode: 'spray' }).request?.secondProcess).toMatchObject({ transferMode: 'spray' });
    expect(formFieldOf('secondProcess.depositThickness')).toBe('secondDepositThickness');
    expect(formFieldOf('furtherTestPieces.0.weldingPosition')).toBeNull();
  });

  it('give the shared schema messages at the fields', () => {
    expect(checkRangeForm({ ...plateButt, testPieceThickness: 0 }).fieldErrors).toEqual({ testPieceThickness: WPQ_MESSAGES.thicknessPositive });
    expect(checkRangeForm({ ...plateButt, weldingPosition: 'PB' }).fieldErrors).toEqual({ weldingPosition: 'PB is not a butt weld position' });
    expect(checkRangeForm({ ...plateButt, fillerMaterialType: 'B' }).fieldErrors).toEqual({ fillerMaterialType: 'Filler material type B does not exist for process 135' });
  });

  it('name every field still needed at once, including those only some choices need', () => {
    const { request, fieldErrors } = checkRangeForm({ ...EMPTY_RANGE_FORM, weldingProcess: '135', productType: 'Pipe', jointType: 'BW' });
    expect(request).toBeNull();
    expect(Object.keys(fieldErrors).sort()).toEqual(
      ['backingAndConsumableInsert', 'fillerMaterialType', 'pipeOD', 'testPieceThickness', 'transferMode', 'weldingPosition'].sort(),
    );
    expect(fieldErrors.pipeOD).toBe(WPQ_MESSAGES.pipeODRequired);
  });
});
