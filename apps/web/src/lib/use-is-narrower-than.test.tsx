import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setWindowWidth } from '../test/window-width';
import { useIsNarrowerThan } from './use-is-narrower-than';

function Layout() {
  return <p>{useIsNarrowerThan('md') ? 'cards' : 'table'}</p>;
}


describe('useIsNarrowerThan', () => {

  it('is true below the breakpoint (md is 768) and false from it, read again on resize', () => {
    setWindowWidth(767);
    render(<Layout />);
    expect(screen.getByText('cards')).toBeInTheDocument();
    act(() => {
      setWindowWidth(768);
      window.dispatchEvent(new Event('resize'));
    });
    expect(screen.getByText('table')).toBeInTheDocument();
  });
});
