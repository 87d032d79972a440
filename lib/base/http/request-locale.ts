import { type Locale, pickLocale } from '@/lib/base/i18n/messages';

/** The language of a route handler's answer, from the request's Accept-Language (a route handler has no next/headers). */
export function localeOf(request: Request): Locale {
  return pickLocale(request.headers.get('accept-language'));
}
