import { act, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { setWindowWidth } from '../test/window-width';
import { useRedirectWhenNarrower } from './use-redirect-when-narrower';

function ExamScreen() {
  useRedirectWhenNarrower('lg', '/student/too-narrow');
  return <p>Exam</p>;
}


function renderAt(width: number) {
  setWindowWidth(width);
  const router = createMemoryRouter(
    [
      { path: '/student/exam', element: <ExamScreen /> },
      { path: '/student/too-narrow', element: <p>Too narrow</p> },
    ],
    { initialEntries: ['/student/exam'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('useRedirectWhenNarrower', () => {

  it('sends a window narrower than the breakpoint (lg is 1024) to the path', async () => {
    const router = renderAt(1023);
    expect(await screen.findByText('Too narrow')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/student/too-narrow');
  });

  it('leaves a wide enough window where it is', () => {
    const router = renderAt(1024);
    expect(screen.getByText('Exam')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/student/exam');
  });

  it('checks again when the window is resized', async () => {
    const router = renderAt(1280);
    expect(screen.getByText('Exam')).toBeInTheDocument();
    act(() => {
      setWindowWidth(800);
      window.dispatchEvent(new Event('resize'));
    });
    expect(await screen.findByText('Too narrow')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/student/too-narrow');
  });
});
