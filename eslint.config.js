// `npm run lint`: eslint 9 (flat config) with typescript-eslint's type-checked
// rules and eslint-plugin-svelte, tuned to what this project holds itself to.
// Formatting is prettier's (`npm run format`), so no stylistic rules here.
import js from '@eslint/js';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const PROJECTS = ['./tsconfig.json', './tsconfig.engine.json', './tsconfig.node.json'];

export default tseslint.config(
  {
    ignores: ['dist/', 'build/', 'node_modules/', 'reports/', 'test-results/', 'playwright-report/', 'public/', 'docs/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  ...svelte.configs['flat/recommended'],
  {
    languageOptions: {
      parserOptions: {
        project: PROJECTS,
        tsconfigRootDir: import.meta.dirname,
        extraFileExtensions: ['.svelte'],
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // tsc reports unused names (noUnusedLocals / noUnusedParameters)
      '@typescript-eslint/no-unused-vars': 'off',
      // a '!' here states a bound the code proves (noUncheckedIndexedAccess); it is the project's idiom
      '@typescript-eslint/no-non-null-assertion': 'off',
      // numbers and booleans read well in messages; objects and undefined do not
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true }],
      // the dispatch tables are exhaustive by `satisfies`; a switch must be too
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': 'off',
      // workloads, kernel output and links are byte strings: \x00 and friends in a regex are meant
      'no-control-regex': 'off',
    },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: {
      globals: globals.browser,
      parserOptions: { parser: tseslint.parser },
    },
    rules: {
      // svelte-eslint-parser does not give templates the types svelte-check sees (props, snippets,
      // imported .svelte.ts): the no-unsafe-* rules would report those as `any`; svelte-check covers them
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // nothing from a URL, a workload or an imported log is rendered as HTML
      'svelte/no-at-html-tags': 'error',
      // keyed {#each} (STYLE.md: never keyed by index, never unkeyed)
      'svelte/require-each-key': 'error',
    },
  },
  {
    // the engine: deterministic, and no DOM, Node, Svelte or worker in it
    files: ['src/engine/**/*.ts'],
    ignores: ['src/engine/**/*.test.ts', 'src/engine/**/*.test-helper.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'The engine is deterministic: take randomness from a seed.' },
        { object: 'Date', property: 'now', message: 'The engine is deterministic: simulated time comes from the model.' },
        { object: 'performance', property: 'now', message: 'The engine is deterministic: simulated time comes from the model.' },
      ],
      'no-restricted-globals': ['error', 'Date', 'performance', 'setTimeout', 'setInterval', 'queueMicrotask', 'crypto'],
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['node:*', 'svelte', 'svelte/*', 'comlink', '**/ui/**', '**/cli/**', '**/workers/**'], message: 'src/engine imports only src/engine (docs/ARCHITECTURE.md, layers).' }] },
      ],
    },
  },
  {
    // what runs in Node
    files: ['src/cli/**', 'scripts/**', 'tests/**', 'e2e/**', 'bin/**', '*.config.{js,ts}', '**/*.test.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    // tests may poke at data the types do not describe (fixtures, JSON reports)
    files: ['**/*.test.ts', 'e2e/**'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
    },
  },
  {
    // plain JavaScript (checkJs types it through JSDoc): the type-aware rules that need TypeScript syntax stay off
    files: ['**/*.js', '**/*.mjs'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
);
