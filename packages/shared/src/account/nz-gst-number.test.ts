import { describe, expect, it } from 'vitest';
import { isValidNzGstNumber } from './nz-gst-number';

describe('New Zealand GST numbers', () => {
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
