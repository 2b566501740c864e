import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Process boundaries from docs/ARCHITECTURE.md are enforced here, not by reviewers' memory.
const nodeOnly = ['electron', 'keytar', 'undici', 'node:*', 'fs', 'path', 'child_process', 'crypto', 'os', 'http', 'https', 'net'];

// The renderer is an untrusted view (docs/ARCHITECTURE.md, rule 2): no Node, electron, keytar or undici, and of
// src-main only the IPC contract's types and the pure shared code. Every renderer block uses this.
const rendererImports = {
  paths: nodeOnly
    .filter((n) => !n.includes('*'))
    .map((name) => ({
      name,
      message: 'The renderer is an untrusted view: no Node, electron, keytar or undici (docs/ARCHITECTURE.md, rule 2).',
    })),
  patterns: [
    { group: ['node:*'], message: 'The renderer never imports node:* (docs/ARCHITECTURE.md, rule 2).' },
    {
      regex: '(^|/)src-main/(?!ipc/contract(\\.ts)?$|shared/)',
      message: 'The renderer may only import types from src-main/ipc/contract.ts and the pure src-main/shared/.',
    },
  ],
};

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['**/*.{ts,mjs,js}'],
    ignores: ['src-renderer/**'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // IPC is registered in one place: src-main/electron/ (main) and src-main/preload/ (renderer
    // side). First here: the narrower blocks below replace this rule for their files.
    files: ['src-main/**'],
    ignores: ['src-main/electron/**', 'src-main/preload/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'electron',
              importNames: ['ipcMain', 'ipcRenderer'],
              message: 'ipcMain/ipcRenderer live in src-main/electron/ and src-main/preload/ only.',
            },
          ],
        },
      ],
    },
  },
  {
    // Everything but the Electron glue runs in plain Node (tests, CLI, the Chromium host): never electron.
    files: [
      'src-main/core/**',
      'src-main/sandbox/**',
      'src-main/ipc/**',
      'src-main/cli/**',
      'src-main/app-shell/**',
      'src-main/runtime/**',
      'src-main/chromium-host/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'Only src-main/electron/ may import electron (docs/ARCHITECTURE.md, rule 3).' }],
        },
      ],
    },
  },
  {
    // The core is the bottom layer: the IPC adapters, hosts and the command line build on it, never the reverse.
    files: ['src-main/core/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'Only src-main/electron/ may import electron (docs/ARCHITECTURE.md, rule 3).' }],
          patterns: [
            {
              regex: '^(\\.\\./)+(ipc|cli|runtime|app-shell|chromium-host|electron|preload)(/|$)',
              message: 'core/ is imported by the IPC adapters, hosts and CLI; it imports none of them.',
            },
          ],
        },
      ],
    },
  },
  {
    // The sandbox is a standalone server: it must not depend on the client core.
    files: ['src-main/sandbox/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'The sandbox never imports electron.' }],
          patterns: [{ group: ['../core/*', '../electron/*', '../ipc/*'], message: 'The sandbox is independent of the client code.' }],
        },
      ],
    },
  },
  {
    // Pure code both processes import: types, constants and functions, with no dependency
    // outside src-main/shared/ itself (so the window's build never pulls in main's code).
    files: ['src-main/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: nodeOnly
            .filter((n) => !n.includes('*'))
            .map((name) => ({ name, message: 'src-main/shared is pure: no Node, electron, keytar or undici.' })),
          patterns: [
            { group: ['node:*'], message: 'src-main/shared is pure: no node:*.' },
            { regex: '^\\.\\./', message: 'src-main/shared imports only src-main/shared: both processes load it.' },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'navigator', 'localStorage'].map((name) => ({
          name,
          message: 'src-main/shared is pure: no DOM (main loads it too).',
        })),
        ...['process', 'Buffer', 'require', '__dirname', '__filename'].map((name) => ({
          name,
          message: 'src-main/shared is pure: no Node (the window loads it too).',
        })),
      ],
    },
  },
  {
    // The contract's types come from src-main/shared/, so the window type-checks against main's
    // own definitions without reaching into the core.
    // contract.ts composes the per-domain maps of contract/, which take theirs from shared/ too.
    files: ['src-main/ipc/contract.ts', 'src-main/ipc/contract/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!(\\.\\./)+shared/|\\./contract/)',
              message: 'contract.ts and contract/ take their types from src-main/shared/ only.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: 'ImportDeclaration[importKind!="type"]', message: 'contract.ts is types only.' },
        { selector: 'VariableDeclaration', message: 'contract.ts is types only.' },
        { selector: 'FunctionDeclaration', message: 'contract.ts is types only.' },
        { selector: 'ClassDeclaration', message: 'contract.ts is types only.' },
      ],
    },
  },
  {
    files: ['src-renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { paths: rendererImports.paths, patterns: rendererImports.patterns }],
    },
  },
  {
    // Features read the app shell only through app/app-port.ts: the app store has one owner.
    files: ['src-renderer/features/**/*.{ts,tsx}'],
    rules: {
      // a block's rule replaces the one above for its files, so the renderer's own restrictions are repeated
      'no-restricted-imports': [
        'error',
        {
          paths: rendererImports.paths,
          patterns: [
            ...rendererImports.patterns,
            { regex: '/app/app-store$', message: 'Features use app/app-port.ts, not the app store itself.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src-renderer/**/*.{ts,tsx}'],
    ignores: ['src-renderer/lib/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'The renderer makes no network calls: ask main through window.crm.' },
        { name: 'XMLHttpRequest', message: 'The renderer makes no network calls.' },
        { name: 'WebSocket', message: 'The renderer makes no network calls.' },
      ],
    },
  },
);
