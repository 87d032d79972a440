import 'server-only';

import { readUpTo } from './body';

/**
 * An upload form's body (multipart/form-data): read up to a limit as it arrives (a longer body is cut off before
 * anything parses it), then parsed; and a file field of it. Each import's form says in its own words why an upload
 * was refused: here only what went wrong.
 */

/** A file as the form posted it: its name (trimmed; the fallback when none) and its bytes. */
export type UploadedFile = { name: string; bytes: Uint8Array };

/**
 * The form, or why there is none: `not-multipart` (another content type, or a body that does not parse as one),
 * `too-large` (longer than `limit` bytes).
 */
export async function readMultipartForm(
  request: Request,
  limit: number,
): Promise<{ form: FormData } | { refused: 'not-multipart' | 'too-large' }> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(type)) return { refused: 'not-multipart' };
  const body = await readUpTo(request, limit);
  if (!body) return { refused: 'too-large' };
  try {
    return { form: await new Response(new Uint8Array(body), { headers: { 'content-type': type } }).formData() };
  } catch {
    return { refused: 'not-multipart' };
  }
}

/** The file of the form's `field`; null when none was chosen (no such field, or an empty one without a name). */
export async function uploadedFile(form: FormData, field: string, fallbackName: string): Promise<UploadedFile | null> {
  const file = form.get(field);
  const name = file instanceof Blob && 'name' in file && typeof file.name === 'string' ? file.name : '';
  return file instanceof Blob && (file.size > 0 || name !== '')
    ? { name: name.trim() || fallbackName, bytes: new Uint8Array(await file.arrayBuffer()) }
    : null;
}
