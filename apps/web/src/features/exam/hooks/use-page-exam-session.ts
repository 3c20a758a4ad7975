import { useEffect, useState } from 'react';
import { acquirePageExamSession, newExamSessionId } from '../model/exam-session';

/**
 * The page's exam session, once its lock is held (null until then); let go when the screen closes.
 * The launch screen holds it to launch with it, and the exam screen that replaces it takes the
 * same id (kept in sessionStorage) as soon as the launch screen let go.
 */
export function usePageExamSession(): string | null {
  const [sessionId, setSessionId] = useState<string | null>(null);
  useEffect(() => {
    let isCancelled = false;
    let release: () => void = () => undefined;
    void acquirePageExamSession()
      .catch(() => ({ id: newExamSessionId(), release: () => undefined }))
      .then((session) => {
        if (isCancelled) {
          session.release();
          return;
        }
        release = session.release;
        setSessionId(session.id);
      });
    // A page unloaded for good (a reload, a closed tab) lets go at once, so that a reload finds
    // its id free; a page kept in the back/forward cache keeps its lock.
    const releaseOnUnload = (event: PageTransitionEvent) => {
      if (!event.persisted) release();
    };
    window.addEventListener('pagehide', releaseOnUnload);
    return () => {
      isCancelled = true;
      window.removeEventListener('pagehide', releaseOnUnload);
      release();
    };
  }, []);
  return sessionId;
}
