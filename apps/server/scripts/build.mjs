// Builds the server into one ES module, dist/main.js, so that production runs compiled JavaScript
// with no TypeScript transpiler at run time (issue 22). The shared contracts (@certs/shared, plain
// .ts files in the workspace) are bundled in; every other package stays an import of node_modules,
// as installed (native and WebAssembly parts such as argon2 and PGlite load as they do under tsx).
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const externalPackages = {
  name: 'external-packages',
  setup(context) {
    context.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@certs/shared/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

const started = Date.now();
await build({
  entryPoints: [path.join(serverRoot, 'src/main.ts')],
  outfile: path.join(serverRoot, 'dist/main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [externalPackages],
  logLevel: 'warning',
});
console.log(`Built apps/server/dist/main.js in ${Date.now() - started} ms`);
