import type { CompanyStore } from '../data/company-store';
import type { ChangeSpec } from './record-changes';
import type { DriftSettings } from './volume-settings';

export interface Drift {
  /** Starts (or retimes) the drift; `null` stops it. */
  set(settings: DriftSettings | null): void;
  current(): DriftSettings | null;
}

/**
 * Changes every company in use (generated since the sandbox started) at a steady pace, for demos of sync against a
 * moving target. Off unless asked for; the timer does not keep the process alive.
 */
export function createDrift(companies: CompanyStore, change: (tenantId: string, spec: ChangeSpec) => void): Drift {
  let settings: DriftSettings | null = null;
  let timer: NodeJS.Timeout | undefined;
  return {
    set(next) {
      clearInterval(timer);
      timer = undefined;
      settings = next;
      if (!next) return;
      timer = setInterval(() => {
        for (const tenantId of companies.generated()) change(tenantId, next.changes);
      }, next.everySeconds * 1000);
      timer.unref();
    },
    current: () => settings,
  };
}
