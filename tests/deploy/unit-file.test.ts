import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

const MB = 1024 * 1024;

/** The `[Service]` settings of deploy/addon@.service, the unit operators install (docs/operations.md). */
function serviceSettings(): Map<string, string> {
  const text = readFileSync(new URL('../../deploy/addon@.service', import.meta.url), 'utf8');
  const service = text.slice(text.indexOf('[Service]'), text.indexOf('[Install]'));
  const settings = new Map<string, string>();
  for (const line of service.split('\n')) {
    const match = /^([A-Za-z]+)=(.*)$/.exec(line.trim());
    if (match) settings.set(match[1]!, match[2]!);
  }
  return settings;
}

/** A systemd size (`2G`, `1536M`, bytes) in bytes. */
function bytesOf(size: string): number {
  const match = /^(\d+)([KMGT]?)$/.exec(size);
  if (!match) throw new Error(`not a size: ${size}`);
  return Number(match[1]) * 1024 ** ' KMGT'.indexOf(match[2] || ' ');
}

/**
 * Issue 30: the unit set no memory cap, and one hostile upload could grow an instance until the host's killer chose
 * a victim. The instance's memory is capped, without swap to hide in, and its JavaScript heap is capped below that
 * cap, leaving room for what lives outside the heap (uploads' buffers, worker threads, PGlite's memory): so the heap
 * runs out first, in V8's own words, and systemd restarts the instance.
 */
describe('the systemd unit', () => {
  it('caps the instance memory, swap included, and its JavaScript heap well below that cap', () => {
    const settings = serviceSettings();
    expect(settings.get('MemoryMax'), 'MemoryMax is set').toBeDefined();
    const memoryMax = bytesOf(settings.get('MemoryMax')!);
    expect(settings.get('MemorySwapMax')).toBe('0');
    const heap = /--max-old-space-size=(\d+)/.exec(settings.get('ExecStart') ?? '');
    expect(heap, 'ExecStart sets --max-old-space-size').not.toBeNull();
    const heapBytes = Number(heap![1]) * MB;
    // An instance serves at about 300 MB, an import adds up to 150 MB (docs/benchmarks.md): room for a few at once.
    expect(heapBytes).toBeGreaterThanOrEqual(768 * MB);
    expect(memoryMax - heapBytes).toBeGreaterThanOrEqual(768 * MB);
    // The heap's limit is the unit's own: the environment file cannot drop it by setting NODE_OPTIONS there.
    expect(settings.get('ExecStart')).toMatch(/^\/usr\/bin\/node --max-old-space-size=\d+ server\.js$/);
  });
});
