import 'server-only';

import { kindPath } from '@/lib/service/records/present';
import type { Attachment } from '@/lib/service/schemas/attachment';

import { type InlineKind, inlineKindOf, inlineKindOfName } from './downloads';

export type AttachmentView = {
  id: string;
  name: string | null;
  contentType: string | null;
  size: number | null;
  download: string;
  /** How the page may show it (by its metadata; the route decides again by what the service actually sends). */
  inline: InlineKind | null;
  /**
   * Inline, in the page. Never in a new tab: inside the service's window the session cookie is partitioned under
   * the service's site, and a tab of our own site would arrive without it.
   */
  inlineSrc: string | null;
};

/** The links of an expense's attachments; no data-API call (the content is fetched when a link is followed). */
export function attachmentViews(tenantId: string, expenseId: string, attachments: Attachment[]): AttachmentView[] {
  return attachments.map((attachment) => {
    const base = kindPath(tenantId, 'expenses', expenseId, 'attachments', attachment.id);
    const name = attachment.fileName?.trim() || null;
    const withName = (params: Record<string, string>) =>
      `${base}?${new URLSearchParams(name ? { ...params, name } : params)}`;
    const inline = attachment.contentType ? inlineKindOf(attachment.contentType) : inlineKindOfName(name);
    return {
      id: attachment.id,
      name,
      contentType: attachment.contentType,
      size: attachment.size,
      download: name ? withName({}) : base,
      inline,
      inlineSrc: inline ? withName({ disposition: 'inline' }) : null,
    };
  });
}
