/**
 * Whether our own page's script asked (`Accept: application/json`): it is answered with JSON, in the one error shape
 * when it fails, where a followed link or a sent form gets a page or a redirect.
 */
export const wantsJson = (request: Request) => /\bapplication\/json\b/.test(request.headers.get('accept') ?? '');
