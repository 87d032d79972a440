import { readdirSync, readFileSync } from 'node:fs';

/**
 * Samples the resident memory of a process and all its descendants from /proc (Linux only). The sum over the
 * tree is what the host pays for, whether or not the server forks workers.
 */

const KIB = 1024;

function statusField(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * KIB : 0;
  } catch {
    return 0; // the process exited between listing and reading
  }
}

/** The parent of every process, read from /proc/<pid>/stat (the command name may contain spaces and parentheses). */
function parentsByPid(): Map<number, number> {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(Number(entry), ppid);
    } catch {
      // gone already
    }
  }
  return parents;
}

export function processTree(root: number): number[] {
  const parents = parentsByPid();
  const tree = [root];
  for (let i = 0; i < tree.length; i++) {
    for (const [pid, ppid] of parents) if (ppid === tree[i]) tree.push(pid);
  }
  return tree;
}

/** A server's memory figures as a report takes them, in bytes (see MemorySampler). */
export type MemoryPeaks = { peakRss: number; highWaterMark: number };

export type MemorySampler = {
  /** Highest sampled sum of VmRSS over the tree, in bytes. */
  peakRss(): number;
  /** Sum of the kernel's per-process high-water marks (VmHWM): catches peaks between samples; an upper bound. */
  highWaterMark(): number;
  stop(): void;
};

export function sampleMemory(root: number, everyMs = 200): MemorySampler {
  let peak = 0;
  const sample = () => {
    const rss = processTree(root).reduce((sum, pid) => sum + statusField(pid, 'VmRSS'), 0);
    peak = Math.max(peak, rss);
  };
  sample();
  const timer = setInterval(sample, everyMs);
  timer.unref();
  return {
    peakRss: () => peak,
    highWaterMark: () => processTree(root).reduce((sum, pid) => sum + statusField(pid, 'VmHWM'), 0),
    stop: () => clearInterval(timer),
  };
}
