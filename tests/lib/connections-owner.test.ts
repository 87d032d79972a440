import { describe, expect, it } from 'vitest';
import { codeOf, sourceFiles } from '../support/source-files';

/**
 * The connections table (`access_tokens`) has one owner, lib/owners/connections/: storing, states, opening a company's
 * client, marking a token rejected, the missing-token check, notices, webhook secrets and their rotation. Every other
 * module asks it; lib/platform/db/schema.ts only declares the table.
 */
const owner = 'lib/owners/connections/';
const declaration = 'lib/platform/db/schema.ts';

const touchesTable = (code: string) => /\baccessTokens\b|\baccess_tokens\b/.test(code);

describe('the owner of access_tokens', () => {
  const files = ['lib', 'app', 'components'].flatMap(sourceFiles);

  it('is lib/owners/connections/: no other module of lib/, app/ or components/ queries the table', () => {
    const others = files.filter((path) => !path.startsWith(owner) && path !== declaration);
    expect(others.filter((path) => touchesTable(codeOf(path)))).toEqual([]);
  });

  it('sits above lib/service/, which knows only a token in hand and never a stored connection', () => {
    const service = files.filter((path) => path.startsWith('lib/service/'));
    expect(service.filter((path) => /@\/lib\/connections\//.test(codeOf(path)))).toEqual([]);
  });

  it('is found by the check (the owner itself queries the table)', () => {
    expect(files.filter((path) => path.startsWith(owner) && touchesTable(codeOf(path))).length).toBeGreaterThan(0);
  });
});
