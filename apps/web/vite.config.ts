import react from '@vitejs/plugin-react';
import type { AcceptedPlugin } from 'postcss';
import postcssPresetMantine from 'postcss-preset-mantine';
import simpleVars from 'postcss-simple-vars';
import { defineConfig } from 'vite';

// The preset ships without types.
const mantinePreset = postcssPresetMantine as () => AcceptedPlugin;

const API_SERVER = process.env.API_SERVER ?? 'http://localhost:3000';

// The same prefixes the server keeps for itself; everything else is an app route.
const proxied = { target: API_SERVER, changeOrigin: false };

export default defineConfig({
  plugins: [react()],
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
        // Libraries change less often than the app, so they get their own long-cached files.
        codeSplitting: {
          groups: [
            { name: 'mantine', test: /node_modules[\\/]@mantine[\\/]/ },
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
});
