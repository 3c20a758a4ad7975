import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyRoute } from './lazy-route';

const renderInTheme = (ui: ReactElement) => render(<MantineProvider>{ui}</MantineProvider>);

function pagesModule() {
  let loads = 0;
  const load = async () => {
    loads += 1;
    return { LaunchPage: () => <p>Starting the exam</p>, SittingPage: () => <p>Question 1</p> };
  };
  return { load, loadCount: () => loads };
}

describe('lazyRoute', () => {
  it('shows the loader until a page first opened has its code, then the page', async () => {
    const { load } = pagesModule();
    const LaunchPage = lazyRoute(load, (module) => module.LaunchPage);
    renderInTheme(<LaunchPage />);
    expect(screen.getByLabelText('Loading the page')).toBeInTheDocument();
    expect(await screen.findByText('Starting the exam')).toBeInTheDocument();
  });

  it('opens another page of a module already fetched at once, without the loader or a second fetch', async () => {
    const { load, loadCount } = pagesModule();
    const LaunchPage = lazyRoute(load, (module) => module.LaunchPage);
    const SittingPage = lazyRoute(load, (module) => module.SittingPage);
    const { unmount } = renderInTheme(<LaunchPage />);
    await screen.findByText('Starting the exam');
    unmount();

    // Suspending here would show the loader and hold the page back for React's 300 ms reveal
    // throttle: the wait between an exam's launch and its first question (issue 22).
    renderInTheme(<SittingPage />);
    expect(screen.getByText('Question 1')).toBeInTheDocument();
    expect(screen.queryByLabelText('Loading the page')).toBeNull();
    expect(loadCount()).toBe(1);
  });
});
