// Lint rules for the whole repo. The runtime block keeps src/runtime/ free of frameworks and Node built-ins,
// so it runs unchanged in the tool host, the browser and users' own tests; the layering blocks keep the UI off the
// server, and the server off React, the UI and the runtime's internals (docs/architecture.md).
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'e2e/**/node_modules/**',
      '.toolscope/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'test', property: 'only' },
        { object: 'it', property: 'only' },
        { object: 'describe', property: 'only' },
      ],
    },
  },
  {
    files: ['src/**/*.tsx', 'src/**/use*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['src/runtime/**/*.ts'],
    ignores: ['src/runtime/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*'],
              message: 'src/runtime must not use Node built-ins: it runs in the browser and the tool host alike.',
            },
            {
              group: ['react', 'react-dom', 'react/*', 'react-dom/*'],
              message: 'src/runtime is framework-free: no React.',
            },
            { group: ['hono', 'hono/*', '@hono/*'], message: 'src/runtime is transport-free: no Hono.' },
            {
              group: [
                'fs',
                'path',
                'os',
                'child_process',
                'worker_threads',
                'http',
                'https',
                'crypto',
                'events',
                'stream',
                'util',
                'url',
              ],
              message: 'src/runtime must not use Node built-ins.',
            },
            {
              group: ['../shared/*', '../../server/*', '../*/**'],
              message: 'src/runtime depends on nothing else in the repo.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    // Tests may use the bundled example tools as fixtures (e.g. every example's defaults fit its schema).
    ignores: ['src/runtime/**', 'src/playwright/**', 'src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)server/',
              message: 'The UI, the protocol and the test bench never import server/: they talk to it over HTTP.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-dom', 'react/*', 'react-dom/*', '@tanstack/*'],
              message: 'server/ never imports React or the UI libraries.',
            },
            {
              regex: '(^|/)src/(features|components|api|hooks)/',
              message: 'server/ never imports UI code (src/features, components, api, hooks).',
            },
            {
              regex: '(^|/)src/runtime/(?!index\\.ts$)',
              message: 'server/ imports the runtime only through src/runtime/index.ts.',
            },
          ],
        },
      ],
    },
  },
)
