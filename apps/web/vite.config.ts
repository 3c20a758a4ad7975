import react from '@vitejs/plugin-react';
import type { AcceptedPlugin } from 'postcss';
import postcssPresetMantine from 'postcss-preset-mantine';
import simpleVars from 'postcss-simple-vars';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './build/precompress.ts';

// The preset ships without types.
const mantinePreset = postcssPresetMantine as () => AcceptedPlugin;

// The pages a candidate must be able to reload with the network cut (decision 012): their code is
// precached with the app's entry. Every other page's code is cached when it is first opened.
// The notifications' outlet is loaded after the first paint (providers.tsx), so it is listed too.
const OFFLINE_PAGES = ['src/app/routes/student/examinations-sitting.tsx', 'src/app/notifications-outlet.tsx'];

type ViteManifest = Record<string, { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[] }>;

/**
 * The files of the offline shell, read from Vite's build manifest: the entry with what it imports,
 * and the offline pages with everything they import, now or on demand. Precaching only these keeps
 * a first visit to a few hundred kilobytes instead of every page of the app (issue 22).
 */
function offlineShellFiles(distDir: string): Set<string> {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as ViteManifest;
  const files = new Set<string>(['index.html']);
  const visit = (key: string, followDynamic: boolean) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported, followDynamic);
    if (followDynamic) for (const imported of chunk.dynamicImports ?? []) visit(imported, followDynamic);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key, false);
  for (const page of OFFLINE_PAGES) {
    if (!manifest[page]) throw new Error(`The offline page ${page} is not in the build manifest`);
    visit(page, true);
  }
  return files;
}

// Mantine in three files rather than one per component that pages share (about 40 small files made
// the browser tests a third slower on two cores), nor one for all (105 KB gzipped on every first
// paint). Each group takes what its modules import too, so the order matters: the base first.
// `npm run size` fails when a login page or the exam outgrows its budget (a component added to a
// login page that is not in MANTINE_BASE brings all of `mantine-more`: add it to the list).
/** Components of the login pages, the public layout and the theme: on every first paint. */
const MANTINE_BASE = [
  'Accordion[\\/]AccordionChevron', 'ActionIcon', 'Alert', 'Anchor', 'Burger', 'Button', 'Center', 'CloseButton', 'Code', 'Collapse',
  'Container', 'CopyButton', 'Divider', 'Flex', 'Group', 'Image', 'Input', 'InputBase', 'Kbd', 'List', 'Loader', 'NavLink',
  'Notification', 'Paper', 'PasswordInput', 'SimpleGrid', 'Space', 'Stack', 'Text', 'TextInput', 'Title', 'Typography',
  'UnstyledButton', 'VisuallyHidden',
];
/** Dialogs (with the scroll area and floating-ui they need) and the exam's answer controls: the sitting and most screens. */
const MANTINE_COMMON = ['ModalBase', 'Modal', 'ScrollArea', 'Overlay', 'Portal', 'FocusTrap', 'Transition', 'Badge', 'Checkbox', 'Grid', 'Progress', 'Radio', 'Switch', 'Textarea', 'ThemeIcon'];
const NODE_MODULES = String.raw`node_modules[\\/]`;
const SEP = String.raw`[\\/]`;
const MANTINE_COMPONENT = `@mantine${SEP}core${SEP}esm${SEP}components${SEP}`;
/** Scripts only: a stylesheet in a group would make index.html preload that group's script. */
const scriptsMatching = (pattern: string) => {
  const re = new RegExp(pattern);
  return (id: string) => !/\.css(\?|$)/.test(id) && re.test(id);
};
const CHUNK_GROUPS = [
  { name: 'react', priority: 10, test: scriptsMatching(`${NODE_MODULES}(react|react-dom|react-router|scheduler)${SEP}`) },
  // The data cache whole (its provider is on every page, and nearly every page queries): one file, not three.
  { name: 'query', priority: 10, test: scriptsMatching(`${NODE_MODULES}@tanstack${SEP}`) },
  {
    name: 'mantine',
    priority: 9,
    test: scriptsMatching(`${NODE_MODULES}(@mantine${SEP}core${SEP}esm${SEP}(core${SEP}|index)|${MANTINE_COMPONENT}(${MANTINE_BASE.join('|')})${SEP}|@mantine${SEP}hooks${SEP}|clsx${SEP})`),
  },
  {
    name: 'mantine-common',
    priority: 8,
    test: scriptsMatching(
      `${NODE_MODULES}(${MANTINE_COMPONENT}(${MANTINE_COMMON.join('|')})${SEP}|@floating-ui${SEP}|react-textarea-autosize|use-composed-ref|use-latest|use-isomorphic-layout-effect|react-remove-scroll|react-style-singleton|use-callback-ref|use-sidecar|get-nonce|tslib${SEP})`,
    ),
  },
  // The rest of Mantine's core (tables, selects, menus, tabs, ...) for the screens that use it; the
  // public menu's Drawer stays out of the groups, with the module that loads it on demand.
  { name: 'mantine-more', priority: 7, test: scriptsMatching(`${NODE_MODULES}(@mantine${SEP}(core${SEP}esm${SEP}components${SEP}(?!Drawer${SEP})|hooks${SEP})|react-number-format${SEP}|type-fest${SEP})`) },
];

// Where this build writes (`--outDir` included): the offline shell reads that build's manifest.
let builtOutDir = path.resolve(import.meta.dirname, 'dist');
const outDirOfBuild: Plugin = {
  name: 'out-dir-of-build',
  configResolved(config) {
    builtOutDir = path.resolve(config.root, config.build.outDir);
  },
};

const API_SERVER = process.env.API_SERVER ?? 'http://localhost:3000';

// The same prefixes the server keeps for itself; everything else is an app route.
const proxied = { target: API_SERVER, changeOrigin: false };

export default defineConfig({
  plugins: [
    outDirOfBuild,
    react(),
    // The offline shell (decision 012): a service worker that precaches the built app, so that a
    // reload with the network cut still opens the exam. Registered by main.tsx, production only.
    VitePWA({
      injectRegister: false,
      manifest: false,
      filename: 'sw.js',
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,woff,woff2}'],
        manifestTransforms: [
          (entries) => {
            const shell = offlineShellFiles(builtOutDir);
            return { manifest: entries.filter((entry) => shell.has(entry.url) || !entry.url.endsWith('.js')), warnings: [] };
          },
        ],
        // The precached index.html answers only when the network fails (below), never first.
        navigateFallback: null,
        directoryIndex: '',
        cleanupOutdatedCaches: true,
        // A new deploy takes over at once: no tab keeps an old worker waiting.
        skipWaiting: true,
        clientsClaim: true,
        runtimeCaching: [
          {
            // Other pages' code, kept once fetched: the names carry a hash of the content, so a cached file never goes stale.
            urlPattern: ({ url }) => url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: { cacheName: 'page-code', expiration: { maxEntries: 400, purgeOnQuotaError: true } },
          },
          {
            // Navigations go to the network; only when it cannot be reached does the app's shell answer.
            // The server's own paths are left alone. (The function is copied into the worker: no outside names.)
            urlPattern: ({ request, url }) => request.mode === 'navigate' && !/^\/(api|auth|unauth|docs)(\/|$)/.test(url.pathname),
            handler: 'NetworkOnly',
            options: { precacheFallback: { fallbackURL: 'index.html' } },
          },
        ],
      },
    }),
    // Brotli and gzip copies of the built files, which the server sends to browsers that accept them.
    precompress(),
  ],
  css: {
    postcss: {
      plugins: [
        mantinePreset(),
        simpleVars({
          variables: {
            'mantine-breakpoint-xs': '36em',
            'mantine-breakpoint-sm': '48em',
            'mantine-breakpoint-md': '62em',
            'mantine-breakpoint-lg': '75em',
            'mantine-breakpoint-xl': '88em',
          },
        }),
      ],
    },
  },
  server: {
    port: 5173,
    proxy: {
      '^/(api|auth|unauth)/': proxied,
      '^/docs': proxied,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Read by the offline shell's precache list (above).
    manifest: true,
    rolldownOptions: {
      output: {
        // What every page needs changes less often than the app, so it gets long-cached files of its
        // own. Everything else (the rich-text editor, PDF and chart views, ...) goes with the pages
        // that use it, each page loaded when first opened (issue 22).
        codeSplitting: { groups: CHUNK_GROUPS },
      },
    },
  },
});
