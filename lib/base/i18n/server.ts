import 'server-only';

import { headers } from 'next/headers';
import { cache } from 'react';

import { messages, pickLocale } from '@/lib/base/i18n/messages';

/** The request's language and its texts, from Accept-Language. */
export const getMessages = cache(async () => {
  const locale = pickLocale((await headers()).get('accept-language'));
  return { locale, t: messages[locale] };
});
