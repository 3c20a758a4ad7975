import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';
import { Providers } from '../app/providers';
import { createQueryClient } from '../lib/query-client';

interface Options {
  /** Where the app starts. */
  route?: string;
  /** Routes to mount instead of a catch-all one showing `ui`. */
  routes?: RouteObject[];
}

/** Renders inside the app's real providers with a memory router and a cache of its own. */
export function renderWithProviders(ui: ReactElement | null, { route = '/', routes }: Options = {}) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 0 }, mutations: { retry: false } });
  const router = createMemoryRouter(routes ?? [{ path: '*', element: ui }], { initialEntries: [route] });
  const result = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...result, router, queryClient };
}
