import { Button, Group, TextInput } from '@mantine/core';
import { useState } from 'react';

/** "Have a certificate in hand?": its number opens the verification page, as its QR code does. */
export function VerifyNumberForm({ onVerify }: { onVerify: (certificateNumber: string) => void }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      aria-label="Check a certificate"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const number = value.trim();
        if (!number) return setError('Certificate number is required');
        onVerify(number);
      }}
    >
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="Certificate number"
          description="Check a certificate you hold a copy of"
          value={value}
          error={error}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setError(null);
          }}
          style={{ flex: 1, minWidth: 220 }}
        />
        <Button type="submit" variant="light">
          Check certificate
        </Button>
      </Group>
    </form>
  );
}
