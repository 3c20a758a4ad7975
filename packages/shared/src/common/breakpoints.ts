/** Screen-width breakpoints of spec section 2. */
export const BREAKPOINTS = { sm: 640, md: 768, lg: 1024, xl: 1280 } as const;
export const WIDEST_BREAKPOINT = 1536;
export type BreakpointName = keyof typeof BREAKPOINTS | '2xl';

/** The width of a named breakpoint; anything else is the widest (1536). */
export function breakpointWidth(name: string): number {
  return name in BREAKPOINTS ? BREAKPOINTS[name as keyof typeof BREAKPOINTS] : WIDEST_BREAKPOINT;
}

/** Whether a window of this width is narrower than the breakpoint, and so should be redirected. */
export function isNarrowerThan(windowWidth: number, breakpoint: string): boolean {
  return windowWidth < breakpointWidth(breakpoint);
}
