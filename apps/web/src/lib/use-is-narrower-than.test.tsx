import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useIsNarrowerThan } from './use-is-narrower-than';

function Layout() {
  return <p>{useIsNarrowerThan('md') ? 'cards' : 'table'}</p>;
}

function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
}

describe('useIsNarrowerThan', () => {
  const originalWidth = window.innerWidth;
  afterEach(() => setWidth(originalWidth));

  it('is true below the breakpoint (md is 768) and false from it, read again on resize', () => {
    setWidth(767);
    render(<Layout />);
    expect(screen.getByText('cards')).toBeInTheDocument();
    act(() => {
      setWidth(768);
      window.dispatchEvent(new Event('resize'));
    });
    expect(screen.getByText('table')).toBeInTheDocument();
  });
});
