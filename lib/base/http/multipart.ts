import 'server-only';

import { discardBody, readUpload } from './body';

/**
 * An upload form's body (multipart/form-data): read up to a limit and within a time as it arrives (a longer or slower
 * body is refused before anything parses it, and the rest of it thrown away as it comes), then parsed; and a file field of it. Each import's form says in its own words why an upload
 * was refused: here only what went wrong.
 */

/** A file as the form posted it: its name (trimmed; the fallback when none) and its bytes. */
export type UploadedFile = { name: string; bytes: Uint8Array };

/**
 * The form, or why there is none: `not-multipart` (another content type, or a body that does not parse as one),
 * `too-large` (longer than `limit` bytes), `too-slow` (not all there `seconds` after the first read).
 */
export async function readMultipartForm(
  request: Request,
  { limit, seconds }: { limit: number; seconds: number },
): Promise<{ form: FormData } | { refused: 'not-multipart' | 'too-large' | 'too-slow' }> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(type)) {
    discardBody(request);
    return { refused: 'not-multipart' };
  }
  const body = await readUpload(request, { limit, seconds });
  if ('refused' in body) return body;
  try {
    return { form: await new Response(new Uint8Array(body.bytes), { headers: { 'content-type': type } }).formData() };
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
