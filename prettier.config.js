// `npm run format` / `npm run format:check`. Close to the code as it is written
// (single quotes, semicolons, trailing commas, long lines: the 99th percentile of
// today's lines is 144 characters), so the one formatting commit after the
// branches merge changes layout, not style. .prettierignore keeps recorded
// kernel output, workloads and prose out of it.
/** @type {import('prettier').Config} */
export default {
  printWidth: 140,
  singleQuote: true,
  semi: true,
  trailingComma: 'all',
  plugins: ['prettier-plugin-svelte'],
  overrides: [{ files: '*.svelte', options: { parser: 'svelte' } }],
};
