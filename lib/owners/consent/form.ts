import 'server-only';

import { type ConsentCompany, consentCompanySchema, MAX_CONSENT_COMPANIES } from '@/lib/service/schemas/consent';

/**
 * The consent's answer in post mode (interface: "Integration consent form body"): an urlencoded form whose fields are
 * always indexed, also for one company — data[n][companyId], data[n][token], data[n][companyName] and, only when the
 * connection has a webhook, data[n][webhookSecret] (lower-case h) — plus `state`. Un-indexed companyId or token at the
 * root are never sent, so they are never read. Poll mode brings the same companies as JSON
 * (lib/service/subscription-poll.ts).
 */

export type ConsentForm = { state: string | null; companies: ConsentCompany[] };

// webhookSecret as the interface spells it for the form; webHookSecret as the poll answer spells it, in case the
// service's form ever follows the poll's spelling (a dropped secret would silently refuse every notification).
const FIELD = /^data\[(\d{1,4})\]\[(companyId|token|companyName|webhookSecret|webHookSecret)\]$/;

type Entry = { companyId?: string; token?: string; companyName?: string; webhookSecret?: string };

/**
 * Reads the form body. Returns null for a body that is not the service's answer: a repeated field, an entry without
 * company id or token, a company listed twice, or no company at all. Unknown fields are ignored (the service may add
 * some); the indices need not be contiguous. A missing `state` is reported as null for the caller to refuse.
 */
export function parseConsentForm(body: string): ConsentForm | null {
  const form = new URLSearchParams(body);
  const entries = new Map<number, Entry>();
  let state: string | null = null;
  for (const [name, value] of form) {
    if (name === 'state') {
      if (state !== null) return null;
      state = value;
      continue;
    }
    const match = FIELD.exec(name);
    if (!match) continue;
    const index = Number(match[1]);
    const field = (match[2] === 'webHookSecret' ? 'webhookSecret' : match[2]) as keyof Entry;
    const entry = entries.get(index) ?? {};
    if (entry[field] !== undefined) return null;
    entry[field] = value;
    entries.set(index, entry);
  }
  if (entries.size === 0 || entries.size > MAX_CONSENT_COMPANIES) return null;

  const companies: ConsentCompany[] = [];
  const seen = new Set<string>();
  for (const index of [...entries.keys()].sort((a, b) => a - b)) {
    const entry = entries.get(index)!;
    const parsed = consentCompanySchema.safeParse({
      tenantId: entry.companyId?.trim(),
      companyName: entry.companyName?.trim() || null,
      token: entry.token,
      webhookSecret: entry.webhookSecret || null,
    });
    if (!parsed.success || seen.has(parsed.data.tenantId)) return null;
    seen.add(parsed.data.tenantId);
    companies.push(parsed.data);
  }
  return { state: state || null, companies };
}
