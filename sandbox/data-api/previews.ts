import { randomBytes } from 'node:crypto';

import type { ReportId } from '../data/document-pdf';

/**
 * Preview links: unguessable (32 random bytes), usable without a token, valid for 10 minutes, like a pre-signed
 * URL. The link names the document, not frozen bytes: a preview opened later shows the document as it is then.
 */
export const PREVIEW_TTL_MS = 10 * 60_000;

export interface PreviewTarget {
  tenantId: string;
  kind: 'invoice' | 'deliveryNote';
  id: number;
  reportId: ReportId;
}

export interface PreviewStore {
  create(target: PreviewTarget, nowMs: number): string;
  find(id: string, nowMs: number): PreviewTarget | undefined;
}

export function createPreviewStore(): PreviewStore {
  const links = new Map<string, PreviewTarget & { expiresAt: number }>();
  return {
    create(target, nowMs) {
      for (const [id, link] of links) if (link.expiresAt <= nowMs) links.delete(id);
      const id = randomBytes(32).toString('base64url');
      links.set(id, { ...target, expiresAt: nowMs + PREVIEW_TTL_MS });
      return id;
    },
    find(id, nowMs) {
      const link = links.get(id);
      if (!link) return undefined;
      if (link.expiresAt <= nowMs) {
        links.delete(id);
        return undefined;
      }
      const { expiresAt: _expiresAt, ...target } = link;
      return target;
    },
  };
}
