import { Notifications } from '@mantine/notifications';

/**
 * Where notifications appear. Its own chunk (with react-transition-group), loaded by providers.tsx
 * once the page is usable or when the first notification is shown, whichever is first (issue 22).
 */
export default function NotificationsOutlet() {
  return <Notifications position="top-right" />;
}
