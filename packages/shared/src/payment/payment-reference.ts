/** How long a reference is shown in a table before it is cut (the full one is a click away). */
const SHORT_REFERENCE_LENGTH = 16;

/**
 * The reference a person reads (issue 21 item 8): a gateway's stored state
 * (`tgs_…;paid;110000;AUD;tch_…`) is shown as its last part, the charge's own id; a long one is cut
 * with an ellipsis. An offline reference typed by staff ("EFT-2026-001") stays as it is.
 */
export function shortPaymentReference(reference: string | null): string {
  if (!reference) return '-';
  const parts = reference.split(';').filter((part) => part.trim() !== '');
  const last = (parts.at(-1) ?? reference).trim();
  return last.length > SHORT_REFERENCE_LENGTH ? `${last.slice(0, SHORT_REFERENCE_LENGTH - 1)}…` : last;
}

/**
 * A checkout gateway's stored reference read for a person (issue 45 item 10): the charge's own id
 * once paid (the one the receipt names), else the checkout's id; and the checkout's id on its own,
 * which staff match against the gateway's dashboard. The stored state is `<checkout>` while open,
 * `<checkout>;paid;<amount>;<currency>;<charge>` or `<checkout>;declined` once decided (the test
 * gateway); Stripe keeps its checkout session's id.
 */
export function gatewayReferenceParts(stored: string | null): { reference: string; checkoutId: string } {
  if (!stored) return { reference: '', checkoutId: '' };
  const [checkoutId = '', state, , , charge] = stored.split(';').map((part) => part.trim());
  return { reference: state === 'paid' && charge ? charge : checkoutId, checkoutId };
}
