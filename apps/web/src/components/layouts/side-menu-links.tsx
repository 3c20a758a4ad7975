import { NavLink } from '@mantine/core';
import { Link } from 'react-router';

export interface SideMenuLink {
  label: string;
  to: string;
  isActive: boolean;
}

/** The links of a signed-in area's side menu (the applicant's and the company portal's): the current page marked for screen readers too. */
export function SideMenuLinks({ links, onNavigate }: { links: readonly SideMenuLink[]; onNavigate: () => void }) {
  return links.map((link) => (
    <NavLink
      key={link.to}
      component={Link}
      to={link.to}
      label={link.label}
      active={link.isActive}
      aria-current={link.isActive ? 'page' : undefined}
      onClick={onNavigate}
      variant="filled"
      fw={500}
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
    />
  ));
}
