/**
 * The operators' console speaks one language of its own (issue 17): every page an operator sees links the console's
 * sections, the current one marked; an address the console does not have answers its own not-found page (404), not
 * the company pages' words; the rotate command is set as code, not between backticks. In English and in Slovak. The
 * console is never framed (frame-ancestors 'none'): tested top-level.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { rememberSecret } from '../support/log-capture';
import { freshContext, launchChromium } from './support/browser';
import { type E2eEnvironment, startEnvironment } from './support/environment';
import { expectUi } from './support/expect-ui';
import { printAddonOutputOnFailure } from './support/failure-output';

const SESSION_COOKIE = '__Host-kros-console-session';
const OPERATOR = 'olga.operatorova@example.sk';

let browser: Browser;
let env: E2eEnvironment;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchChromium();
  env = await startEnvironment({ operatorConsole: { emails: OPERATOR } });
});
afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
  await browser?.close();
  await env?.stop();
});
printAddonOutputOnFailure(() => env?.addon);

async function signedInOperator(locale: string): Promise<Page> {
  const context = await freshContext(browser, { locale });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`${env.addon.url}/console`);
  await expectUi(page).toHaveURL(`${env.addon.url}/console/sign-in`);
  await page
    .getByRole('button', { name: /^(Sign in with your organisation's account|Prihlásiť sa účtom organizácie)$/ })
    .click();
  await expectUi(page.getByRole('heading', { name: 'Organisation sign-in' })).toBeVisible();
  await page.getByRole('button', { name: new RegExp(OPERATOR.replace(/[.]/g, '\\.')) }).click();
  await expectUi(page).toHaveURL(`${env.addon.url}/console`);
  rememberSecret((await context.cookies()).find((cookie) => cookie.name === SESSION_COOKIE)!.value);
  return page;
}

const languages = [
  {
    locale: 'en-GB',
    nav: 'Console sections',
    sections: ['Companies', 'Launches', 'Data API', 'Users', 'Audit log'],
    notFound: 'This console page does not exist',
    home: 'To the console overview',
    overview: 'Console overview',
    companyWords: /list of companies/,
  },
  {
    locale: 'sk-SK',
    nav: 'Časti konzoly',
    sections: ['Firmy', 'Spustenia', 'Dátové API', 'Používatelia', 'Záznam akcií'],
    notFound: 'Táto stránka konzoly neexistuje',
    home: 'Na prehľad konzoly',
    overview: 'Prehľad konzoly',
    companyWords: /zoznamom firiem/,
  },
] as const;

describe.each(languages)('the console in $locale', (language) => {
  let page: Page;
  beforeAll(async () => {
    page = await signedInOperator(language.locale);
  });

  it('links every section from every page, the current one marked, each headed by the name it is linked by', async () => {
    const nav = page.getByRole('navigation', { name: language.nav });
    await expectUi(nav.getByRole('link')).toHaveText([...language.sections]);
    for (const section of language.sections) {
      await nav.getByRole('link', { name: section, exact: true }).click();
      await expectUi(page.getByRole('heading', { level: 1 })).toHaveText(section);
      await expectUi(nav.getByRole('link', { name: section, exact: true })).toHaveAttribute('aria-current', 'page');
      await expectUi(nav.locator('[aria-current="page"]')).toHaveCount(1);
    }
    // The Users page: the rotate command is code, and no backtick is left in what the page says.
    await nav.getByRole('link', { name: language.sections[3], exact: true }).click();
    await expectUi(page.getByRole('main').locator('code', { hasText: 'npm run keys:rotate' })).toBeVisible();
    await expectUi(page.getByRole('main')).not.toContainText('`');
  });

  it('answers an address it does not have with its own not-found page (404), and leads back to the console', async () => {
    const response = await page.goto(`${env.addon.url}/console/no-such-section`);
    expect(response?.status()).toBe(404);
    await expectUi(page.getByRole('heading', { level: 1 })).toHaveText(language.notFound);
    await expectUi(page.getByRole('navigation', { name: language.nav }).getByRole('link')).toHaveCount(5);
    await expectUi(page.locator('[aria-current="page"]')).toHaveCount(0);
    await expectUi(page.locator('body')).not.toContainText(language.companyWords);
    await page.getByRole('link', { name: language.home }).click();
    await expectUi(page.getByRole('heading', { level: 1 })).toHaveText(language.overview);
  });
});

describe('an unknown console address without a console session', () => {
  it('is the console’s 404 too, and shows no section', async () => {
    const context = await freshContext(browser, { locale: 'en-GB' });
    contexts.push(context);
    const page = await context.newPage();
    const response = await page.goto(`${env.addon.url}/console/users/nobody/else`);
    expect(response?.status()).toBe(404);
    await expectUi(page.getByRole('heading', { level: 1 })).toHaveText('This console page does not exist');
    await expectUi(page.getByRole('navigation', { name: 'Console sections' })).toHaveCount(0);
    await expectUi(page.locator('body')).not.toContainText(/list of companies/);
  });
});
