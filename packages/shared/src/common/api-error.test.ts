import { describe, expect, it } from 'vitest';
import { GENERIC_ERROR_MESSAGE, readErrorMessage } from './api-error';

describe('readErrorMessage', () => {
  it('reads the message field of the body, else the raw text, else the generic message', () => {
    expect(readErrorMessage('{"statusCode":400,"message":"Invalid email"}')).toBe('Invalid email');
    expect(readErrorMessage('{"statusCode":500}')).toBe('{"statusCode":500}');
    expect(readErrorMessage('Bad gateway')).toBe('Bad gateway');
    expect(readErrorMessage('')).toBe(GENERIC_ERROR_MESSAGE);
    expect(readErrorMessage(null)).toBe('Something went wrong');
  });
});
