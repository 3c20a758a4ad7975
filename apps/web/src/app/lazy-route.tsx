import { Center, Loader } from '@mantine/core';
import { Suspense, lazy, useEffect, useState, type ComponentType } from 'react';
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
 * The modules of pages already fetched, by their loader. A page whose module is in renders at once:
 * suspending, even on a module already there, shows the loader and React then holds the page back
 * for 300 ms (its throttle on revealing suspended content), which was most of the wait between an
 * exam's launch and its first question on a fast machine. Pages of one module share one loader.
 */
const loadedModules = new WeakMap<() => Promise<unknown>, unknown>();

/**
 * A page whose code is fetched when it is first opened (issue 22): each page is its own chunk, so a
 * candidate opening an exam does not download the admin screens first. `pick` names the page's
 * component in its module; pages of one module are given the same `load` function.
 */
export function lazyRoute<Props extends object, Module>(load: () => Promise<Module>, pick: (module: Module) => ComponentType<Props>): ComponentType<Props> {
  const Page = lazy(async () => {
    const module = await load();
    loadedModules.set(load, module);
    return { default: pick(module) };
  });
  function LazyPage(props: Props) {
    // Decided once for the page's life: changing the tree's shape later would remount the page.
    const [Loaded] = useState(() => (loadedModules.has(load) ? pick(loadedModules.get(load) as Module) : null));
    if (Loaded !== null) {
      return (
        <>
          <Loaded {...props} />
          <PageShown />
        </>
      );
    }
    return (
      <Suspense fallback={<PageLoading />}>
        <Page {...props} />
        <PageShown />
      </Suspense>
    );
  }
  return LazyPage;
}
