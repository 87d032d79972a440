import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * CPU time actually spent by a set of processes (utime + stime from /proc/<pid>/stat). On a shared host the wall
 * clock figures depend on what else runs; CPU milliseconds per launch do not, and tell which party costs what.
 */
const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU milliseconds used so far by each pid that still exists. */
export function cpuMsByPid(pids: readonly number[]): Map<number, number> {
  const used = new Map<number, number>();
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Fields after the command name: state is [0], utime [11], stime [12].
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      used.set(pid, ((Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND) * 1000);
    } catch {
      // not on this host, or gone
    }
  }
  return used;
}

/** CPU ms between two readings; a pid that appeared in between counts from zero, one that vanished is lost. */
export function cpuMsBetween(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}
