import { describe, expect, it } from 'vitest';
import { PAYMENT_STATUS_COLOURS, displayedPaymentStatus, type PaymentStatusFacts } from './payment-status';

describe('displayed payment status (spec section 4)', () => {
  it.each<[string, PaymentStatusFacts, string]>([
    ['the initial request is running', { status: 'Requested', transactionStatus: null, amountCents: 35000, isRequesting: true }, 'Payment Request'],
    ['the request runs even for a zero amount', { status: 'Requested', transactionStatus: null, amountCents: 0, isRequesting: true }, 'Payment Request'],
    ['the transaction status is true', { status: 'Success', transactionStatus: true, amountCents: 35000 }, 'Success'],
    ['the amount is 0', { status: 'Requested', transactionStatus: null, amountCents: 0 }, 'Success'],
    ['the amount is 0 even when not confirmed yet', { status: 'Pending', transactionStatus: null, amountCents: 0 }, 'Success'],
    ['the transaction status is false', { status: 'Failed', transactionStatus: false, amountCents: 35000 }, 'Failed'],
    ['requested, nothing known yet', { status: 'Requested', transactionStatus: null, amountCents: 35000 }, 'Pending'],
    ['pending at the gateway', { status: 'Pending', transactionStatus: null, amountCents: 35000 }, 'Pending'],
    ['the link expired unpaid', { status: 'Expired', transactionStatus: null, amountCents: 35000 }, 'Expired'],
    ['true wins over an expired link (money received)', { status: 'Expired', transactionStatus: true, amountCents: 35000 }, 'Success'],
    ['false wins over an expired link', { status: 'Expired', transactionStatus: false, amountCents: 35000 }, 'Failed'],
  ])('%s', (_case, facts, expected) => {
    expect(displayedPaymentStatus(facts)).toBe(expected);
  });

  it('colours every status: Requested gray, Pending yellow, Failed red, Success green, Expired dark', () => {
    expect(PAYMENT_STATUS_COLOURS).toEqual({ 'Payment Request': 'gray', Requested: 'gray', Pending: 'yellow', Failed: 'red', Success: 'green', Expired: 'dark' });
  });
});
