import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTypescript from 'eslint-config-next/typescript';
import prettier from 'eslint-config-prettier/flat';
import simpleImportSort from 'eslint-plugin-simple-import-sort';
import tseslint from 'typescript-eslint';

/**
 * Next's rules (next, react, react-hooks, jsx-a11y, import), typescript-eslint's recommended rules with the
 * type-aware ones on top (one TypeScript program for the whole tree, from tsconfig.json), and Prettier's list of
 * rules it owns switched off last: formatting is Prettier's job (`npm run lint` checks it separately).
 */

/**
 * The floors of lib/, from the bottom (docs/architecture.md). A floor's folder may import its own floor and those
 * below it, never one above: a wrong import fails `npm run lint` under `import/no-restricted-paths`, with the message
 * naming the two floors. app/ and components/ stand above every floor; nothing in lib/ imports them.
 */
const floors = [
  ['base', 'pure types and rules: nothing of ours outside lib/base/'],
  ['platform', 'database, configuration, logging, crypto, jobs queue, metrics registry'],
  ['service', 'the data-API client and what its records mean, never our database (but its rate budget)'],
  ['owners', 'one module per table or family of tables, the only code that queries them'],
  [
    'doors',
    "the access primitives, one per caller kind: a company's pages and routes, sessions, the console, the gateway",
  ],
  ['features', 'one folder per product area: its read models, view, loader and route handlers, on the doors'],
  ['startup', 'what starts with the process: the job queues and their wiring, the HTTP servers watched for a drain'],
];

/**
 * app/ is thin: a page is its door (requireCompany, operatorPage…), a feature's loader and components; a route file
 * re-exports its feature's handlers. Neither opens the database nor asks an owner: that is the features' work, on the
 * doors' primitives. The console's pages and actions too (their door: lib/doors/console/).
 */
const appZones = [
  {
    target: './app',
    from: './lib/platform/db/client.ts',
    message:
      "app/ never opens the database (the rule: a page or route goes through its door and its feature): ask the feature's loader or handler (lib/features/).",
  },
  {
    target: './app',
    from: './lib/owners',
    message:
      "app/ never asks an owner: a page calls its feature's loader and a route file re-exports its feature's handlers (lib/features/).",
  },
];

/**
 * components/ are presentational: they take features' types and values as props and never reach past the features
 * to an owner or a door (a page of app/ takes the door and calls the loader).
 */
const componentZones = [
  {
    target: './components',
    from: './lib/owners',
    message:
      "components/ never import an owner: they take the feature's types and values (lib/features/<area>/) as props.",
  },
  {
    target: './components',
    from: './lib/doors',
    message:
      'components/ never go through a door: the page of app/ takes the door and hands the component what it shows.',
  },
];

const floorZones = floors.flatMap(([floor], level) => [
  ...floors.slice(level + 1).map(([above]) => ({
    target: `./lib/${floor}`,
    from: `./lib/${above}`,
    message: `lib/${floor}/ sits below lib/${above}/ and may not import it (the floors: docs/architecture.md).`,
  })),
  ...['app', 'components'].map((top) => ({
    target: `./lib/${floor}`,
    from: `./${top}`,
    message: `lib/ never imports ${top}/, which stands above every floor.`,
  })),
]);

/**
 * The console's door (lib/doors/console/): a layout does not guard the pages under it and a server action is an
 * endpoint of its own, so each page and each action passes through its wrapper, which checks the operator first.
 * Held here rather than by reading source text; tests/console/door.test.ts lints fixtures through these rules.
 */
const importsFromDoor = (name, module) =>
  `Program:not(:has(ImportDeclaration[source.value='${module}'] > ImportSpecifier[imported.name='${name}'][local.name='${name}']))`;

const consolePageRules = [
  {
    selector:
      "ExportDefaultDeclaration:not([declaration.type='CallExpression'][declaration.callee.name='operatorPage'])",
    message:
      'A console page is `export default operatorPage(async ({ operator, search }) => …)` (lib/doors/console/page.ts): the operator is checked before the page reads anything.',
  },
  {
    selector: "ExportSpecifier[exported.name='default']",
    message:
      'A console page exports `operatorPage(…)` itself as its default, not a name: `export default operatorPage(…)`.',
  },
  {
    selector: importsFromDoor('operatorPage', '@/lib/doors/console/page'),
    message: "A console page imports `operatorPage` from '@/lib/doors/console/page' (the console's door).",
  },
];

const consoleActionRules = [
  {
    selector: 'ExportNamedDeclaration > FunctionDeclaration',
    message:
      'A console action is `export const x = operatorAction(schema, formAction)` (lib/doors/console/action.ts), not a function of its own: the door checks the operator and the form.',
  },
  {
    selector:
      "ExportNamedDeclaration > VariableDeclaration > VariableDeclarator:not([init.type='CallExpression'][init.callee.name='operatorAction'])",
    message:
      "Every export of the console's actions is `operatorAction(schema, formAction)` (lib/doors/console/action.ts).",
  },
  {
    selector: 'ExportSpecifier, ExportAllDeclaration, ExportDefaultDeclaration',
    message:
      "The console's actions are exported where they are made: `export const x = operatorAction(schema, formAction)`.",
  },
  {
    selector: importsFromDoor('operatorAction', '@/lib/doors/console/action'),
    message: "The console's actions import `operatorAction` from '@/lib/doors/console/action' (the console's door).",
  },
];

/**
 * One-instant reads of what a page shows: a browser test waits for the state with `expectUi` instead. Allowed inside
 * `expectUi.poll(…)` (which retries them) and inside `evaluate`/`evaluateAll` (DOM code that runs in the page).
 */
const oneInstantReads = [
  'isVisible',
  'isHidden',
  'isChecked',
  'isEnabled',
  'isDisabled',
  'isEditable',
  'textContent',
  'innerText',
  'innerHTML',
  'inputValue',
  'getAttribute',
  'allTextContents',
  'allInnerTexts',
  'count',
];

export default defineConfig([
  globalIgnores(['.next/**', '.data/**', 'next-env.d.ts', 'coverage/**', 'test-results/**', 'bench/results/**']),
  ...nextVitals,
  ...nextTypescript,
  {
    // Imports sorted mechanically (`npx eslint --fix .`): side-effect imports first, in their order (`server-only`),
    // then packages, then ours (`@/…`), then relative ones.
    plugins: { 'simple-import-sort': simpleImportSort },
    rules: { 'simple-import-sort/imports': 'error' },
  },
  {
    rules: {
      // A `let` bound late on purpose (a callback that closes over what is built after it) is read before its one
      // assignment; `const` cannot express that.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommendedTypeCheckedOnly],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // A leading underscore names what is left out on purpose (`const { secret: _secret, ...rest } = row`).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      // Async functions without an await implement Promise-returning interfaces; `async` turns a throw into a rejection.
      '@typescript-eslint/require-await': 'off',
      // React ignores what an event handler returns; our async handlers catch their own failures.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // Every link to a page of ours goes through components/link.tsx, which never prefetches: Next's own prefetches
    // every link in view, each a dynamic server render (issue 31: ~75 per list of 25 rows).
    files: ['**/*.{ts,tsx}'],
    ignores: ['components/link.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'next/link',
              message:
                "Use `import { Link } from '@/components/link'`: Next's own prefetches every link in view, a server render each.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['lib/**/*.{ts,tsx}'],
    rules: { 'import/no-restricted-paths': ['error', { zones: floorZones }] },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    rules: { 'import/no-restricted-paths': ['error', { zones: appZones }] },
  },
  {
    files: ['components/**/*.{ts,tsx}'],
    rules: { 'import/no-restricted-paths': ['error', { zones: componentZones }] },
  },
  {
    // Every page of the console but the sign-in page (where the door sends whoever has no session) and the catch-all
    // of unknown addresses (the console's not-found page, shown to anyone).
    files: ['app/console/**/page.tsx'],
    ignores: ['app/console/sign-in/page.tsx', 'app/console/\\[...unknown\\]/page.tsx'],
    rules: { 'no-restricted-syntax': ['error', ...consolePageRules] },
  },
  {
    files: ['app/console/actions.ts'],
    rules: { 'no-restricted-syntax': ['error', ...consoleActionRules] },
  },
  {
    files: ['tests/**/*.ts'],
    rules: {
      // Tests read the service's and our own JSON answers untyped on purpose: `expect` is the check of their shape.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['tests/e2e/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: [
            `CallExpression[callee.type='MemberExpression'][callee.property.name=/^(${oneInstantReads.join('|')})$/]`,
            ":not(CallExpression[callee.object.name='expectUi'][callee.property.name='poll'] *)",
            ':not(CallExpression[callee.property.name=/^(evaluate|evaluateAll)$/] *)',
          ].join(''),
          message:
            'A browser test waits for states: use `await expectUi(locator).toBeVisible()` / `.toHaveText()` / `.toHaveAttribute()` / `.toHaveCount()` (tests/e2e/support/expect-ui.ts), not a read at one instant.',
        },
        {
          selector: "CallExpression[callee.object.name='expect'][callee.property.name='poll']",
          message: "vitest's expect.poll gives up after 1 s; use `expectUi.poll(…)` (15 s) for what a browser shows.",
        },
      ],
    },
  },
  prettier,
]);
