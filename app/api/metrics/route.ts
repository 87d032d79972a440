import { answerScrape } from '@/lib/doors/http/metrics';
import { otherMethods } from '@/lib/platform/http/other-methods';

export const dynamic = 'force-dynamic';

/** This instance's metrics in the Prometheus text format, for the operators' Prometheus only (lib/doors/http/metrics.ts). */
export async function GET(request: Request) {
  return answerScrape(request);
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET, HEAD');
