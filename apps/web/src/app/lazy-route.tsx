import { Center, Loader } from '@mantine/core';
import { Suspense, lazy, useEffect, type ComponentType } from 'react';
import { markFirstPageShown } from '../lib/first-page';

function PageLoading() {
  return (
    <Center py="xl">
      <Loader size="sm" aria-label="Loading the page" />
    </Center>
  );
}

/** Rendered with a page's content: the first time, code kept off the first paint may load. */
function PageShown() {
  useEffect(() => markFirstPageShown(), []);
  return null;
}

/**
 * A page whose code is fetched when it is first opened (issue 22): each page is its own chunk, so a
 * candidate opening an exam does not download the admin screens first. `pick` names the page's
 * component in its module.
 */
export function lazyRoute<Props extends object, Module>(load: () => Promise<Module>, pick: (module: Module) => ComponentType<Props>): ComponentType<Props> {
  const Page = lazy(async () => ({ default: pick(await load()) }));
  function LazyPage(props: Props) {
    return (
      <Suspense fallback={<PageLoading />}>
        <Page {...props} />
        <PageShown />
      </Suspense>
    );
  }
  return LazyPage;
}
