import { describe, expect, it } from 'vitest';
import { breakpointWidth, isNarrowerThan } from './breakpoints';

describe('breakpoints', () => {
  it('has the widths of the spec, the widest for anything else', () => {
    expect(['sm', 'md', 'lg', 'xl', '2xl', 'anything'].map(breakpointWidth)).toEqual([640, 768, 1024, 1280, 1536, 1536]);
  });

  it('redirects only windows narrower than the breakpoint', () => {
    expect(isNarrowerThan(1023, 'lg')).toBe(true);
    expect(isNarrowerThan(1024, 'lg')).toBe(false);
    expect(isNarrowerThan(1400, 'huge')).toBe(true);
  });
});
