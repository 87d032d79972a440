import { unauthorized } from 'next/navigation';

/** Where proxy.ts sends requests without a session cookie, and where sign-out lands: always the 401 page. */
export default function SignedOutPage() {
  unauthorized();
}
