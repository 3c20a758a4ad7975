import { readdirSync, existsSync } from 'node:fs';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const foldersIn = (dir) => (existsSync(dir) ? readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name) : []);
const serverModules = foldersIn('apps/server/src/modules');
const webFeatures = foldersIn('apps/web/src/features');

// Import boundaries of design.md: shared <- modules/features <- app; a module never reaches into
// another module's repository; a web feature never imports another feature.
const boundaryZones = [
  { target: './packages/shared', from: './apps', message: 'packages/shared holds contracts only and imports no app.' },
  { target: './apps/server', from: './apps/web' },
  { target: './apps/web', from: './apps/server' },
  { target: './apps/server/src/platform', from: './apps/server/src/modules', message: 'Platform code serves every module and imports none.' },
  // The database layer sits below the modules (tests in db/ may build on module fixtures); the demo
  // data sits above them, beside main.ts, and may call their services and repositories, but nothing
  // below it imports the demo except tests.
  { target: './apps/server/src/db/**/!(*.test).ts', from: './apps/server/src/modules', message: 'The database layer sits below the modules and imports none.' },
  {
    target: ['./apps/server/src/{db,modules,platform,config}/**/!(*.test).ts'],
    from: './apps/server/src/demo',
    message: 'The demo data sits above the modules; only main.ts and tests import it.',
  },
  ...serverModules.flatMap((own) =>
    serverModules
      .filter((other) => other !== own)
      .map((other) => ({
        target: `./apps/server/src/modules/${own}`,
        from: `./apps/server/src/modules/${other}/${other}.repository.ts`,
        message: 'Call the other module\'s service, never its repository.',
      })),
  ),
  ...webFeatures.map((own) => ({
    target: `./apps/web/src/features/${own}`,
    from: './apps/web/src/features',
    except: [`./${own}`],
    message: 'A feature never imports another feature; compose them in app/routes.',
  })),
  { target: ['./apps/web/src/features', './apps/web/src/components', './apps/web/src/lib'], from: './apps/web/src/app' },
  { target: ['./apps/web/src/components', './apps/web/src/lib'], from: './apps/web/src/features' },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '.tmp/**', '**/test-results/**', '**/playwright-report/**', 'apps/server/src/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    plugins: { import: importPlugin },
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } } },
    rules: {
      'import/no-restricted-paths': ['error', { zones: boundaryZones }],
      'import/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.property.name=/^(only|skip|todo)$/][callee.object.name=/^(it|test|describe)$/]", message: 'No focused, skipped or empty tests.' },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.property.name=/^(only|skip|todo)$/][callee.object.name=/^(it|test|describe)$/]", message: 'No focused, skipped or empty tests.' },
        // Native date fields follow the browser's locale (mm/dd/yyyy in en-US): issue 21 item 10.
        { selector: "JSXAttribute[name.name='type'][value.value=/^(date|datetime-local)$/]", message: 'Use DateField or DateTimeField (components/ui/date-field): one date input everywhere, DD-MMM-YYYY.' },
      ],
    },
  },
);
