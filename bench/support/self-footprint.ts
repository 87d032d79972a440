import { readFileSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

/**
 * What one in-process run costs this process (Linux only): wall time, the CPU time of its threads (the garbage
 * collector's included, which a busy shared host inflates less than wall time), its peak resident memory during the
 * run (the kernel's high-water mark, VmHWM, reset through /proc/self/clear_refs after a full GC) less its resident
 * memory before, and the heap's growth (used heap at the end, before any GC, less before). A full GC needs
 * `--expose-gc`.
 */

const MB = 1024 * 1024;

/** The kernel's high-water mark of this process's resident memory, bytes. */
const highWaterMark = () => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]) * 1024;

const cpuMsOf = (usage: NodeJS.CpuUsage) => Math.round((usage.user + usage.system) / 1000);

export type RunCost = { ms: number; cpuMs: number; extraMb: number; heapMb: number };

/**
 * Starts a measured run: a full collection and the high-water mark reset first unless `collectFirst` is false (a
 * run back to back with the one before, on the heap it grew). `cpuMs` reads the CPU spent so far (a part of the run);
 * `end` closes the run.
 */
export function startRun(collectFirst = true): { cpuMs: () => number; end: () => RunCost } {
  if (collectFirst) {
    globalThis.gc?.();
    writeFileSync('/proc/self/clear_refs', '5');
  }
  const before = process.memoryUsage();
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  return {
    cpuMs: () => cpuMsOf(process.cpuUsage(cpuBefore)),
    end: () => {
      const ms = performance.now() - started;
      const cpu = process.cpuUsage(cpuBefore);
      const heapMb = (process.memoryUsage().heapUsed - before.heapUsed) / MB;
      const extraMb = (highWaterMark() - before.rss) / MB;
      return { ms: Math.round(ms), cpuMs: cpuMsOf(cpu), extraMb: Math.round(extraMb), heapMb: Math.round(heapMb) };
    },
  };
}
