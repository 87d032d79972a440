/**
 * `npm run format` (first step): sorts every file's imports by the project's own `simple-import-sort` rule, and only
 * that rule. Without the type-aware rules it takes seconds; `eslint --fix .` would re-run them on every fixed file.
 */
import { ESLint } from 'eslint';

const eslint = new ESLint({
  cwd: process.cwd(),
  fix: true,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId === 'simple-import-sort/imports',
});

const results = await eslint.lintFiles(['.']);
await ESLint.outputFixes(results);
const fixed = results.filter((result) => result.output !== undefined).length;
console.log(`imports sorted in ${fixed} of ${results.length} files`);
