import { useEffect, useState } from 'react';
import { serverClock } from '../api/server-time';

/** The server's time, re-read every `intervalMs` on the shared clock (which polls while this is shown). */
export function useServerNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => serverClock.now());
  useEffect(() => {
    const release = serverClock.acquire();
    const update = () => setNow(serverClock.now());
    const timer = setInterval(update, intervalMs);
    const unsubscribe = serverClock.subscribe(update);
    return () => {
      clearInterval(timer);
      unsubscribe();
      release();
    };
  }, [intervalMs]);
  return now;
}
