import { z } from 'zod';

import { text } from './common';

/**
 * Attachment metadata has no public evidence at all: the id is required (it addresses the content), the rest is
 * read under the names integrations commonly use and normalized to one shape.
 */
export const attachmentSchema = z
  .looseObject({
    id: z.string().min(1),
    documentId: text,
    fileName: text,
    name: text,
    contentType: text,
    mimeType: text,
    size: z.number().nullish(),
    length: z.number().nullish(),
    createdTimestamp: text,
  })
  .transform((raw) => ({
    ...raw,
    fileName: raw.fileName ?? raw.name ?? null,
    contentType: raw.contentType ?? raw.mimeType ?? null,
    size: raw.size ?? raw.length ?? null,
  }));

export type Attachment = z.infer<typeof attachmentSchema>;
