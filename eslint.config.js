import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import fs from 'node:fs'

// Feature folders of the web app; each is a zone that may not import the others.
const webFeatures = fs
  .readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)

// What each folder of the server must not import (docs/decisions/engine-zones.md). The arrows point from
// the domain to the engines: modules -> stock -> crud -> db; seeds and the CLIs sit on top of everything.
const serverZones = {
  // The generic engines know no domain: no module, no stock ledger, no seed, no command-line tool.
  crud: ['modules', 'stock', 'seeds', 'cli'],
  lib: ['modules', 'stock', 'seeds', 'cli'],
  plugins: ['modules', 'stock', 'seeds', 'cli'],
  // Tables, migrations and the driver: nothing above them.
  db: ['modules', 'crud', 'stock', 'seeds', 'cli', 'services', 'plugins'],
  // The stock ledger serves orders and calendars; it knows neither module.
  stock: ['modules', 'seeds', 'cli'],
  services: ['modules', 'stock', 'seeds', 'cli'],
  // Modules use the engines and the ledger; the seeds and CLIs use modules, never the other way round.
  modules: ['seeds', 'cli'],
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/test-results/**',
      'apps/server/src/db/migrations/**',
      '**/.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, 'react-hooks/set-state-in-effect': 'off' },
  },
  {
    // Imports flow one way (STYLE.md): shared never imports the apps; the web
    // app's generic layers never import features.
    files: ['packages/shared/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@app/server', '@app/web', '**/apps/**'] }] },
  },
  // The server's zones (docs/decisions/engine-zones.md): each folder of apps/server/src with what it must
  // not import, so a wrong arrow fails `npm run lint`. One block per folder (a later block would replace an
  // earlier one's no-restricted-imports for the same file).
  ...Object.entries(serverZones).map(([zone, forbidden]) => ({
    files: [`apps/server/src/${zone}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: forbidden.flatMap((dir) => [`**/${dir}`, `**/${dir}/**`]),
              message: `${zone}/ must not import ${forbidden.join('/, ')}/ (docs/decisions/engine-zones.md).`,
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['apps/web/src/components/**', 'apps/web/src/lib/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/features/**', '**/app/**'] }] },
  },
  // STYLE.md: app -> features -> components/lib, never feature -> feature. The
  // registry that composes features lives in app/, so no feature needs another.
  ...webFeatures.map((name) => ({
    files: [`apps/web/src/features/${name}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/app/**',
                ...webFeatures
                  .filter((other) => other !== name)
                  .flatMap((other) => [`../${other}`, `../${other}/**`, `**/features/${other}`, `**/features/${other}/**`]),
              ],
              message: 'A feature imports only components/ and lib/ (STYLE.md); compose features in app/.',
            },
          ],
        },
      ],
    },
  })),
)
