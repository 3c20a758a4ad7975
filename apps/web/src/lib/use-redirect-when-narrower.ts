import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { isNarrowerThan } from '@certs/shared/common/breakpoints';

/**
 * Sends the user to `path` while the window is narrower than the breakpoint (sm 640, md 768,
 * lg 1024, xl 1280, else 1536; spec section 2), checking again whenever the window is resized.
 */
export function useRedirectWhenNarrower(breakpoint: string, path: string): void {
  const navigate = useNavigate();
  useEffect(() => {
    const check = () => {
      if (isNarrowerThan(window.innerWidth, breakpoint)) void navigate(path, { replace: true });
    };
    check();
    window.addEventListener('resize', check);
    return () => window.removeEventListener('resize', check);
  }, [breakpoint, path, navigate]);
}
