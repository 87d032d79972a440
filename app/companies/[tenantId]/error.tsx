'use client';

import { ErrorPanel } from '@/components/error-panel';

/** Anything a company page did not expect (a ServiceProblem covers the data API's known failures). */
export default function CompanyError({ retry }: { error: unknown; retry: () => void }) {
  return <ErrorPanel retry={retry} />;
}
