import react from '@vitejs/plugin-react';
import type { AcceptedPlugin } from 'postcss';
import postcssPresetMantine from 'postcss-preset-mantine';
import simpleVars from 'postcss-simple-vars';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// The preset ships without types.
const mantinePreset = postcssPresetMantine as () => AcceptedPlugin;

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
        // The precached index.html answers only when the network fails (below), never first.
        navigateFallback: null,
        directoryIndex: '',
        cleanupOutdatedCaches: true,
        // A new deploy takes over at once: no tab keeps an old worker waiting.
        skipWaiting: true,
        clientsClaim: true,
        runtimeCaching: [
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
    rolldownOptions: {
      output: {
        // What every page needs changes less often than the app, so it gets long-cached files of its
        // own. Everything else (the rich-text editor, PDF and chart views, ...) goes with the pages
        // that use it, each page loaded when first opened (issue 22).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
          ],
        },
      },
    },
  },
});
