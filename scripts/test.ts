/**
 * `npm test`: builds the add-on and its deployable artefact (the browser tests run `next start` on the build, the
 * deployment test the artefact), runs every vitest project, and ends
 * with one plain line `N passed, M failed` for CI. Tests against a real PostgreSQL run when TEST_DATABASE_URL
 * (or DATABASE_URL) names a server; .ci/run provides one.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';

const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
const run = (command: string, args: string[]) => spawnSync(command, args, { stdio: 'inherit', env }).status ?? 1;

if (run('npm', ['run', 'build']) !== 0) {
  console.log('0 passed, 1 failed');
  process.exit(1);
}

mkdirSync('test-results', { recursive: true });
const status = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  '--outputFile.json=test-results/vitest.json',
  ...process.argv.slice(2),
]);

let passed = 0;
let failed = status === 0 ? 0 : 1;
try {
  const report = JSON.parse(readFileSync('test-results/vitest.json', 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    testResults: { status: string; assertionResults: { status: string }[] }[];
  };
  // A file that failed before any of its tests ran (an import or a hook) counts as one failure.
  const brokenFiles = report.testResults.filter(
    (file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'),
  ).length;
  passed = report.numPassedTests;
  failed = report.numFailedTests + brokenFiles;
  if (status !== 0 && failed === 0) failed = 1;
} catch {}
console.log(`${passed} passed, ${failed} failed`);
process.exit(status);
