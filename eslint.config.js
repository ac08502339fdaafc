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

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/test-results/**', 'apps/server/src/db/migrations/**'] },
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
  {
    // The server's generic layers (the engine, helpers, plugins) never import a
    // feature module; modules import them (STYLE.md "Layout").
    files: ['apps/server/src/crud/**', 'apps/server/src/lib/**', 'apps/server/src/plugins/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/modules/**', '**/modules'], message: 'crud/, lib/ and plugins/ must not import modules/.' }] },
      ],
    },
  },
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
