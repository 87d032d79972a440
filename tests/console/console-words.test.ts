import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { TextWithCode } from '@/components/console/cells';
import { consoleDataTexts } from '@/lib/base/i18n/console-data';
import { consoleOpsTexts } from '@/lib/base/i18n/console-ops';
import { consolePagesTexts } from '@/lib/base/i18n/console-pages';
import { consoleShellTexts } from '@/lib/base/i18n/console-shell';
import { documentTexts } from '@/lib/base/i18n/documents';
import { CONSOLE_SECTIONS, sectionOf } from '@/lib/features/console/sections';

/** The console says one thing by one name, as the add-on's pages do, and shows no markup characters as text. */
describe.each(['sk', 'en'] as const)('the console’s words in %s', (locale) => {
  const shell = consoleShellTexts[locale];
  const data = consoleDataTexts[locale];
  const ops = consoleOpsTexts[locale];

  it('name each section as its own page is headed', () => {
    expect(shell.sections.companies[0]).toBe(data.companies.title);
    expect(shell.sections.launches[0]).toBe(ops.launches.title);
    expect(shell.sections.dataApi[0]).toBe(ops.dataApi.title);
    expect(shell.sections.users[0]).toBe(data.users.title);
    expect(shell.sections.audit[0]).toBe(data.audit.title);
  });

  it('name the kinds of documents as the company pages do', () => {
    const nav = documentTexts[locale].nav;
    expect(data.kinds).toEqual({ invoices: nav.invoices, expenses: nav.expenses, deliveryNotes: nav.deliveryNotes });
  });

  it('show no backticks: a command is set as code', () => {
    const all = JSON.stringify([shell, data, ops, consolePagesTexts[locale]]);
    expect(all).not.toContain('`');
    const html = renderToStaticMarkup(
      createElement(TextWithCode, {
        text: consolePagesTexts[locale].reencryptIntro,
        mark: 'command',
        code: 'npm run keys:rotate',
      }),
    );
    expect(html).toMatch(/^\S.* <code class="[^"]*">npm run keys:rotate<\/code>: \S/);
    expect(html).not.toContain('{command}');
  });
});

describe('the console’s sections', () => {
  it('know which one an address is in', () => {
    expect(CONSOLE_SECTIONS.map(({ key }) => key)).toEqual(['companies', 'launches', 'dataApi', 'users', 'audit']);
    expect(sectionOf('/console/users')).toBe('users');
    expect(sectionOf('/console/data-api')).toBe('dataApi');
    expect(sectionOf('/console/companies/extra')).toBe('companies');
    expect(sectionOf('/console')).toBeNull();
    expect(sectionOf('/console/usersx')).toBeNull();
    expect(sectionOf('/console/unknown')).toBeNull();
  });
});
