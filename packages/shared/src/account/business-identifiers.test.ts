import { describe, expect, it } from 'vitest';
import { isValidAbn, isValidNzbn, isValidNzGstNumber } from './business-identifiers';

describe('business identifiers', () => {
  it('accepts an ABN whose weighted sum divides by 89 and refuses a mistyped digit', () => {
    expect(isValidAbn('51 824 753 556')).toBe(true);
    expect(isValidAbn('51824753556')).toBe(true);
    expect(isValidAbn('51 824 753 557')).toBe(false);
    expect(isValidAbn('12 345 678 901')).toBe(false);
    expect(isValidAbn('5182475355')).toBe(false);
  });

  it('accepts an NZBN with its GS1 check digit only', () => {
    expect(isValidNzbn('9429041234563')).toBe(true);
    expect(isValidNzbn('9429041234564')).toBe(false);
    expect(isValidNzbn('942904123456')).toBe(false);
  });

  // Inland Revenue's published examples of its check-digit rule.
  it.each([
    ['49091850', true],
    ['35901981', true],
    ['49098576', true],
    ['136410132', true],
    ['49-091-850', true],
    ['136410133', false],
    ['9125568', false],
  ])('GST (IRD) number %s is valid: %s', (value, valid) => {
    expect(isValidNzGstNumber(value)).toBe(valid);
  });
});
