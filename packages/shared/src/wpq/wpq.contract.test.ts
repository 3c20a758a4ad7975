import { describe, expect, it } from 'vitest';
import { MaterialGroupParams, ProductJointParams, RangeRequest, WPQ_MESSAGES } from './wpq.contract';

const example = {
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

function fieldErrorsOf(input: unknown): Record<string, string> {
  const parsed = RangeRequest.safeParse(input);
  if (parsed.success) throw new Error('expected the request to be refused');
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.');
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

describe('the range request', () => {
  it('accepts the spec field names and defaults the standard to ISO 9606-1', () => {
    const parsed = RangeRequest.parse(example);
    expect(parsed.standard).toBe('ISO 9606-1:2017');
    expect(parsed.testPieceThickness).toBe(10);
  });

  it('gives a message per field for missing, zero and non-number values', () => {
    expect(fieldErrorsOf({ ...example, testPieceThickness: 0 })).toEqual({ testPieceThickness: WPQ_MESSAGES.thicknessPositive });
    expect(fieldErrorsOf({ ...example, testPieceThickness: '10' })).toEqual({ testPieceThickness: WPQ_MESSAGES.thicknessNumber });
    expect(fieldErrorsOf({ ...example, weldingProcess: undefined })).toEqual({ weldingProcess: WPQ_MESSAGES.weldingProcessRequired });
    expect(fieldErrorsOf({ ...example, productType: 'Pipe', pipeOD: -5 })).toEqual({ pipeOD: WPQ_MESSAGES.pipeODPositive });
  });

  it('carries the engine refusals to their fields once the values are well formed', () => {
    expect(fieldErrorsOf({ ...example, weldingPosition: 'PB' })).toEqual({ weldingPosition: 'PB is not a butt weld position' });
    expect(fieldErrorsOf({ ...example, productType: 'Pipe' })).toEqual({ pipeOD: WPQ_MESSAGES.pipeODRequired });
    expect(fieldErrorsOf({ ...example, fillerMaterialType: 'C' })).toEqual({ fillerMaterialType: 'Filler material type C does not exist for process 135' });
    expect(fieldErrorsOf({ ...example, furtherTestPieces: [{ ...example, weldingPosition: 'PD' }] })).toEqual({
      'furtherTestPieces.0.weldingPosition': 'PD is not a butt weld position',
    });
  });

  it('rejects unknown fields', () => {
    const parsed = RangeRequest.safeParse({ ...example, shieldingGasFlow: 12 });
    expect(parsed.success).toBe(false);
  });

  it('checks the test date', () => {
    expect(fieldErrorsOf({ ...example, testDate: '20/01/2007' })).toEqual({ testDate: 'Test date must be a date (YYYY-MM-DD)' });
    expect(RangeRequest.parse({ ...example, testDate: '2007-01-20' }).testDate).toBe('2007-01-20');
  });
});

describe('option parameters', () => {
  it('coerce the material group and refuse unknown ones', () => {
    expect(MaterialGroupParams.parse({ materialGroup: '8' })).toEqual({ materialGroup: 8 });
    expect(MaterialGroupParams.safeParse({ materialGroup: '12' }).error?.issues[0]?.message).toBe(WPQ_MESSAGES.unknownMaterialGroup);
    expect(MaterialGroupParams.safeParse({ materialGroup: 'x' }).error?.issues[0]?.message).toBe(WPQ_MESSAGES.unknownMaterialGroup);
  });

  it('refuse unknown product and joint types', () => {
    expect(ProductJointParams.safeParse({ productType: 'Tube', jointType: 'BW' }).error?.issues[0]?.message).toBe(WPQ_MESSAGES.unknownProductType);
    expect(ProductJointParams.safeParse({ productType: 'Pipe', jointType: 'XX' }).error?.issues[0]?.message).toBe(WPQ_MESSAGES.unknownJointType);
  });
});
