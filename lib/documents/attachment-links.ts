import 'server-only';
import { getEnv } from '@/lib/env';
import type { Attachment } from '@/lib/service/schemas/attachment';
import { inlineKindOf, inlineKindOfName, type InlineKind } from './downloads';
import { attachmentTarget } from './file-routes';
import { sealOpenGrant } from './open-grant';
import { companyPath } from './present';

export type AttachmentView = {
  id: string;
  name: string | null;
  contentType: string | null;
  size: number | null;
  download: string;
  /** How the page may show it (by its metadata; the route decides again by what the service actually sends). */
  inline: InlineKind | null;
  /** Inline, in the page (cookie of the frame). */
  inlineSrc: string | null;
  /** Inline, in a new tab (no cookie there inside the service's window: an open grant instead). */
  openHref: string | null;
};

/** The links of an expense's attachments; no data-API call (the content is fetched when a link is followed). */
export async function attachmentViews(sessionId: string, tenantId: string, expenseId: string, attachments: Attachment[]): Promise<AttachmentView[]> {
  const secrets = getEnv().sessionSecrets;
  return Promise.all(
    attachments.map(async (attachment) => {
      const base = companyPath(tenantId, 'expenses', expenseId, 'attachments', attachment.id);
      const name = attachment.fileName?.trim() || null;
      const withName = (params: Record<string, string>) => `${base}?${new URLSearchParams(name ? { ...params, name } : params)}`;
      const inline = attachment.contentType ? inlineKindOf(attachment.contentType) : inlineKindOfName(name);
      const grant = inline ? await sealOpenGrant(sessionId, attachmentTarget(tenantId, expenseId, attachment.id), secrets) : null;
      return {
        id: attachment.id,
        name,
        contentType: attachment.contentType,
        size: attachment.size,
        download: name ? withName({}) : base,
        inline,
        inlineSrc: inline ? withName({ disposition: 'inline' }) : null,
        openHref: inline && grant ? withName({ disposition: 'inline', grant }) : null,
      };
    }),
  );
}
