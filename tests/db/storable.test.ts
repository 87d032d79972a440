import { describe, expect, it } from 'vitest';

import { isRecordRefusal, storable, storableText } from '@/lib/platform/db/storable';

/** The one function outside text goes through on its way into the database (lib/platform/db/storable.ts). */
describe('storable text', () => {
  it('replaces U+0000 and lone surrogates with U+FFFD, and keeps everything else, pairs included', () => {
    expect(storableText('a\u0000b')).toBe('a\uFFFDb');
    expect(storableText('\ud800')).toBe('\uFFFD');
    expect(storableText('x\udc00y\ud83dz')).toBe('x\uFFFDy\uFFFDz');
    expect(storableText('\udc00\ud800')).toBe('\uFFFD\uFFFD');
    const fine = 'Pekáreň „U Hrušky“ 🥐 \t\n\u0001';
    expect(storableText(fine)).toBe(fine);
    // Well-formed: encodeURIComponent throws on a lone surrogate.
    expect(() => encodeURIComponent('x\ud800')).toThrow(URIError);
    expect(encodeURIComponent(storableText('x\ud800'))).toBe('x%EF%BF%BD');
  });

  it('makes every string of a value storable, keys too, at any depth, and copies only what changes', () => {
    const clean = { id: 1, partner: { name: 'Alfa' }, items: [{ name: 'Rožok' }] };
    expect(storable(clean)).toBe(clean);
    const when = new Date(0);
    const value = { ok: clean, when, list: ['\u0000', 2, null, true], ['k\ud800']: { deep: ['v\udfff'] } };
    const result = storable(value);
    expect(result).toEqual({
      ok: clean,
      when,
      list: ['\uFFFD', 2, null, true],
      'k\uFFFD': { deep: ['v\uFFFD'] },
    });
    expect(result.ok).toBe(clean);
    expect(result.when).toBe(when);
    expect(value.list[0]).toBe('\u0000');
  });

  it('tells a refusal of what one record holds (SQLSTATE classes 22 and 54) from any other failure', () => {
    const failure = (code: string) => Object.assign(new Error('query failed'), { cause: { code } });
    for (const code of ['22021', '22P02', '22P05', '22003', '54000']) expect(isRecordRefusal(failure(code))).toBe(true);
    for (const code of ['23505', '40001', '57P01', 'ECONNRESET']) expect(isRecordRefusal(failure(code))).toBe(false);
    expect(isRecordRefusal(new Error('no code'))).toBe(false);
  });
});
