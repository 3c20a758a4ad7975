import { Button } from '@mantine/core';
import { useSignOut } from '../api/sign-out';

export function LogoutButton() {
  const signOut = useSignOut();
  return (
    <Button variant="default" size="xs" onClick={() => signOut.mutate()} loading={signOut.isPending}>
      Logout
    </Button>
  );
}
