'use client';

import { ErrorPanel } from '@/components/error-panel';

/** A failure of the company frame itself (its layout: session or database), below the root layout. */
export default function CompaniesError({ retry }: { error: unknown; retry: () => void }) {
  return (
    <main id="main" tabIndex={-1} className="focus:outline-none">
      <ErrorPanel retry={retry} />
    </main>
  );
}
