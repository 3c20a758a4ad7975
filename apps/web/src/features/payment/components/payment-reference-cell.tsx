import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { shortPaymentReference } from '@certs/shared/payment/payment-reference';

/** A payment's reference in a table: the short one, and the whole stored reference on demand. */
export function PaymentReferenceCell({ reference }: { reference: string | null }) {
  const [isOpen, setIsOpen] = useState(false);
  const short = shortPaymentReference(reference);
  if (!reference || short === reference) {
    return (
      <Text size="sm" ff="monospace">
        {short}
      </Text>
    );
  }
  return (
    <Stack gap={2} align="flex-start">
      <Text size="sm" ff="monospace">
        {short}
      </Text>
      {isOpen && (
        <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
          {reference}
        </Text>
      )}
      <Button variant="subtle" size="compact-xs" px={0} aria-expanded={isOpen} aria-label={`${isOpen ? 'Hide full reference' : 'Full reference'} of ${short}`} onClick={() => setIsOpen((open) => !open)}>
        {isOpen ? 'Hide full reference' : 'Full reference'}
      </Button>
    </Stack>
  );
}
