import react from '@vitejs/plugin-react';
import type { AcceptedPlugin } from 'postcss';
import postcssPresetMantine from 'postcss-preset-mantine';
import simpleVars from 'postcss-simple-vars';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// The preset ships without types.
const mantinePreset = postcssPresetMantine as () => AcceptedPlugin;

// The pages a candidate must be able to reload with the network cut (decision 012): their code is
// precached with the app's entry. Every other page's code is cached when it is first opened.
const OFFLINE_PAGES = ['src/app/routes/student/examinations-sitting.tsx'];

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

const API_SERVER = process.env.API_SERVER ?? 'http://localhost:3000';

// The same prefixes the server keeps for itself; everything else is an app route.
const proxied = { target: API_SERVER, changeOrigin: false };

export default defineConfig({
  plugins: [
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
            const shell = offlineShellFiles(path.resolve(import.meta.dirname, 'dist'));
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
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            // Mantine's components in one file rather than one small file per component that pages share:
            // a page then needs a handful of requests instead of dozens.
            { name: 'mantine', test: /node_modules[\\/](@mantine[\\/](core|hooks)|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|react-number-format|react-textarea-autosize|clsx|tslib|get-nonce|type-fest)[\\/]/ },
          ],
        },
      },
    },
  },
});
