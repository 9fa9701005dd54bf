import fs from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// The project's rules, enforced by `npm run lint` (CI runs it): docs/decisions/0444-enforced-code-rules.md.

/**
 * A feature reaches another's tables through its service; these reach its repository on purpose, each
 * inside one transaction spanning both (docs/architecture.md §2). Anything else is a lint error.
 */
const REPOSITORY_REACH = {
  content: ['trash'],
  enquiries: ['trash'],
  trash: ['content'],
  uploads: ['content'],
};
const FEATURES = fs
  .readdirSync(new URL('./src/server/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const repositoryZones = FEATURES.flatMap((feature) =>
  FEATURES.filter((other) => other !== feature && !REPOSITORY_REACH[feature]?.includes(other)).map(
    (other) => ({
      target: `./src/server/features/${feature}`,
      from: `./src/server/features/${other}/*repository.ts`,
      message: `${feature} reaches ${other}'s tables through ${other}'s service (REPOSITORY_REACH in eslint.config.js, docs/architecture.md §2).`,
    }),
  ),
);

/** The code whose size is limited: everything in src and scripts but the tests. */
const CODE = ['src/**/*.{ts,tsx}', 'scripts/**/*.{ts,tsx,js,mjs}'];
const TESTS = ['**/*.test.ts', '**/*.test.tsx'];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**', 'screenshots/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        Buffer: 'readonly',
        URL: 'readonly',
        fetch: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        document: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      'no-console': 'error',
    },
  },
  {
    // Type-aware checks (issue 38): a promise nobody awaits (an unawaited database call, a missing
    // `await expect(…).resolves`), a promise handed to something that expects a plain callback (a
    // form's onSubmit, an event listener), and a switch over a union that misses a member with no
    // default. Leaving a promise to run on its own is allowed, but must be said with `void`.
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
    },
  },
  {
    // Lines as a reader scrolls them: blank lines and comments count too.
    files: CODE,
    ignores: TESTS,
    rules: {
      'max-lines': ['error', { max: 300, skipBlankLines: false, skipComments: false }],
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: false, skipComments: false }],
    },
  },
  {
    // Shipped migrations are frozen (never edited, so the schema they made never changes); these
    // three were written before the limit, each one function creating its tables.
    files: [
      'src/server/migrations/0001-initial.ts',
      'src/server/migrations/0002-account-security.ts',
      'src/server/migrations/0003-enquiries-analytics.ts',
    ],
    rules: { 'max-lines-per-function': 'off' },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    rules: { ...reactHooks.configs.flat.recommended.rules, 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // The layers: shared is imported by both sides and imports neither; the server and the browser
    // code never import each other; the public pages and the admin client share only
    // src/web/components and src/web/lib.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/shared',
              from: ['./src/server', './src/web'],
              message: 'src/shared is used by the server and the browser alike, so it imports neither.',
            },
            { target: './src/server', from: './src/web', message: 'The server never imports browser code.' },
            {
              target: './src/server',
              from: './src/demo',
              message:
                'The server runs the demo drawing as a child process (docs/architecture.md §5.4), never imports it.',
            },
            ...repositoryZones,
            { target: './src/web', from: './src/server', message: 'Browser code never imports the server.' },
            {
              target: './src/web/public',
              from: './src/web/admin',
              message:
                'The public pages share only src/web/components and src/web/lib with the admin client.',
            },
            {
              target: './src/web/admin',
              from: './src/web/public',
              message:
                'The admin client shares only src/web/components and src/web/lib with the public pages.',
            },
          ],
        },
      ],
    },
  },
);
