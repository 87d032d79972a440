import { unauthorized } from 'next/navigation';

import { pageTitle } from '@/lib/doors/company/page-titles';

export const generateMetadata = () => pageTitle((t) => t.signedOutTitle);

/** Where proxy.ts sends requests without a session cookie, and where sign-out lands: always the 401 page. */
export default function SignedOutPage() {
  unauthorized();
}
