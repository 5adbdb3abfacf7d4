import js from '@eslint/js'
import prettier from 'eslint-config-prettier'
import { importX } from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const FEATURES = [
  'auth',
  'profiles',
  'endorsements',
  'connections',
  'notifications',
  'discovery',
  'badges',
  'messaging',
  'announcements',
  'admin',
  'blocks',
  'reports',
  'account',
  'reputation',
]

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'coverage/**', 'bench/out/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // shared ← server, shared ← web; never server ↔ web.
            { target: './packages/shared', from: './apps' },
            { target: './apps/server', from: './apps/web' },
            { target: './apps/web', from: './apps/server' },
            // The server's core and db never reach into features.
            { target: './apps/server/src/core', from: './apps/server/src/features' },
            { target: './apps/server/src/db', from: './apps/server/src/features' },
            // Web building blocks never reach into features or pages.
            { target: './apps/web/src/components', from: ['./apps/web/src/features', './apps/web/src/app'] },
            { target: './apps/web/src/lib', from: ['./apps/web/src/features', './apps/web/src/app'] },
            { target: './apps/web/src/features', from: './apps/web/src/app' },
          ],
        },
      ],
    },
    settings: { 'import-x/resolver': { typescript: true, node: true } },
  },
  {
    // A server feature may use another feature only through its services (writes) and queries (reads),
    // imported from the module that defines them (no re-export façades, see the next block; decision 113).
    files: ['apps/server/src/features/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(?!\\.\\.)[^/]+/(?![^/]+\\.(?:service|queries)$).+',
              message: "Import another feature only through its '*.service.ts' or '*.queries.ts'.",
            },
          ],
        },
      ],
    },
  },
  {
    // A feature module exports only what it defines. A re-export turns a module into a façade that
    // hides where code lives and lets one feature reach another's internals past the rule above.
    files: ['apps/server/src/features/**/*.ts', 'apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ExportNamedDeclaration[source]',
          message: 'Do not re-export from a feature module; import from the module that defines it.',
        },
        {
          selector: 'ExportAllDeclaration',
          message: 'Do not re-export from a feature module; import from the module that defines it.',
        },
        {
          // `import { a } from './b'; export { a }` is the same façade written in two lines.
          selector: 'ExportNamedDeclaration:not([source]):not([declaration])',
          message: 'Export a binding where it is declared (export function/const/type), not in a list.',
        },
      ],
    },
  },
  {
    // A web feature never imports another feature; pages in app/routes compose them.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: FEATURES.map((feature) => ({
            target: `./apps/web/src/features/${feature}`,
            from: './apps/web/src/features',
            except: [`./${feature}`],
          })),
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  prettier,
)
