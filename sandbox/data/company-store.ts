import type { Day } from './calendar';
import { type CompanyData, type CompanyVolume, generateCompany } from './company-data';

/** The key of a volume that applies to every company without one of its own. */
export const EVERY_COMPANY = '*';

export interface CompanyStore {
  /** Generated on first use, at the company's volume, and kept for the life of the sandbox, changes included. */
  get(tenantId: string): CompanyData;
  /** The companies whose documents exist now (used since the sandbox started or since their volume last changed). */
  generated(): string[];
  /** The volume asked for the company: its own, else the one for every company, else none (usual sizes). */
  volumeOf(tenantId: string): CompanyVolume;
  /**
   * Sets the volume of one company, or of every company without its own (`*`); `null` goes back to the usual sizes.
   * Companies generated at another volume are dropped and generated again on their next use, so their uploads and
   * record changes so far are lost; the same volume again changes nothing. Answers the volume now asked for.
   */
  setVolume(tenantId: string, volume: CompanyVolume | null): CompanyVolume;
  /** Every volume set, keyed by tenant id (or `*`). */
  volumes(): Record<string, CompanyVolume>;
}

export interface CompanyStoreOptions {
  /** The day generated documents are anchored to. */
  today: Day;
  /** The sandbox's start (epoch ms): no generated document is stamped as modified after it. */
  startedAtMs?: number;
  /** Volumes from the start (SANDBOX_VOLUMES), keyed by tenant id or `*`. */
  volumes?: Readonly<Record<string, CompanyVolume>>;
}

/** Kinds in a fixed order with defined counts only, so two spellings of one volume compare equal. */
function tidy(volume: CompanyVolume): CompanyVolume {
  const out: CompanyVolume = {};
  if (volume.invoices !== undefined) out.invoices = volume.invoices;
  if (volume.expenses !== undefined) out.expenses = volume.expenses;
  if (volume.deliveryNotes !== undefined) out.deliveryNotes = volume.deliveryNotes;
  if (volume.payments !== undefined) out.payments = volume.payments;
  if (volume.catalogItems !== undefined) out.catalogItems = volume.catalogItems;
  return out;
}

const sameVolume = (a: CompanyVolume, b: CompanyVolume) => JSON.stringify(tidy(a)) === JSON.stringify(tidy(b));

export function createCompanyStore(options: CompanyStoreOptions): CompanyStore {
  const cache = new Map<string, { data: CompanyData; volume: CompanyVolume }>();
  const asked = new Map<string, CompanyVolume>(
    Object.entries(options.volumes ?? {}).map(([tenantId, volume]) => [tenantId, tidy(volume)]),
  );
  const volumeOf = (tenantId: string) => asked.get(tenantId) ?? asked.get(EVERY_COMPANY) ?? {};

  return {
    get(tenantId) {
      let entry = cache.get(tenantId);
      if (!entry) {
        const volume = volumeOf(tenantId);
        const data = generateCompany(tenantId, options.today, { volume, notAfterMs: options.startedAtMs });
        cache.set(tenantId, (entry = { data, volume }));
      }
      return entry.data;
    },
    generated: () => [...cache.keys()],
    volumeOf,
    setVolume(tenantId, volume) {
      if (volume === null || Object.keys(tidy(volume)).length === 0) asked.delete(tenantId);
      else asked.set(tenantId, tidy(volume));
      for (const [id, entry] of cache) {
        if (!sameVolume(entry.volume, volumeOf(id))) cache.delete(id);
      }
      return volumeOf(tenantId);
    },
    volumes: () => Object.fromEntries(asked),
  };
}
