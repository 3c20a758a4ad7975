import { describe, expect, it } from 'vitest';
import { gatewayReferenceParts, shortPaymentReference } from './payment-reference';

describe('shortPaymentReference', () => {
  it("shows a gateway's stored state as the charge id, cut with an ellipsis when long", () => {
    expect(shortPaymentReference('tgs_0123456789abcdef01234567;paid;110000;AUD;tch_0a1b2c3d4e5f60718293')).toBe('tch_0a1b2c3d4e5…');
    expect(shortPaymentReference('pi_3Q0aBc')).toBe('pi_3Q0aBc');
  });

  it('keeps a typed offline reference, and a dash for none', () => {
    expect(shortPaymentReference('EFT-2026-001')).toBe('EFT-2026-001');
    expect(shortPaymentReference(null)).toBe('-');
    expect(shortPaymentReference('tgs_0123456789abcdef01234567;declined')).toBe('declined');
  });
});

describe('gatewayReferenceParts', () => {
  it("reads the charge's id once paid, the checkout's id otherwise, and the checkout's id on its own", () => {
    expect(gatewayReferenceParts('tgs_0123;paid;110000;AUD;tch_0a1b')).toEqual({ reference: 'tch_0a1b', checkoutId: 'tgs_0123' });
    expect(gatewayReferenceParts('tgs_0123;declined')).toEqual({ reference: 'tgs_0123', checkoutId: 'tgs_0123' });
    expect(gatewayReferenceParts('cs_test_a1B2')).toEqual({ reference: 'cs_test_a1B2', checkoutId: 'cs_test_a1B2' });
    expect(gatewayReferenceParts(null)).toEqual({ reference: '', checkoutId: '' });
  });
});
