import { expect } from '@playwright/test';

/**
 * Playwright's web-first assertions, for what a browser shows: `await expectUi(locator).toBeVisible()` retries until
 * the state holds (or 15 s pass), so a test waits for a state instead of reading it at one instant, and passes on a
 * loaded machine. vitest's own `expect` stays for plain values.
 */
export const expectUi = expect.configure({ timeout: 15_000 });
