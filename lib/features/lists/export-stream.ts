import 'server-only';

import { companyToday } from '@/lib/base/calendar';
import { HttpError } from '@/lib/base/errors';
import { localeOf } from '@/lib/base/http/request-locale';
import type { Locale } from '@/lib/base/i18n/messages';
import { fileResponse } from '@/lib/doors/company/file-answer';
import { describeError, getLogger } from '@/lib/platform/log';

import type { ExportFile } from './export-file';
import { EXPORT_RETRY_SECONDS, holdingPlace, takeExportPlace } from './running-exports';

/** What every export's file is made with: the user's language, the company's day, and where a late failure is told. */
export type ExportContext = { locale: Locale; today: string; failed: (error: unknown) => void };

/**
 * The end every export of a company's copy shares, once its checks passed: a place among the session's two
 * downloads at once (a third is 429 `rate_limited` with Retry-After; a refused or unready export took none), the file
 * made and streamed as an attachment, the place given back when the body ends or the browser goes (or at once, when
 * making the file failed). A failure after the first byte can only end the body: it is logged with the route.
 */
export async function streamExport(
  request: Request,
  sessionId: string,
  make: (context: ExportContext) => ExportFile | Promise<ExportFile>,
): Promise<Response> {
  const giveBack = takeExportPlace(sessionId);
  if (!giveBack) throw new HttpError('rate_limited', 'exports_busy', EXPORT_RETRY_SECONDS);
  try {
    const route = new URL(request.url).pathname;
    const file = await make({
      locale: localeOf(request),
      today: companyToday(new Date()),
      failed: (error) => getLogger().error({ route, err: describeError(error) }, 'export ended early'),
    });
    return fileResponse(
      { body: holdingPlace(file.body, giveBack, request.signal), contentType: file.contentType, contentLength: null },
      {
        contentType: file.contentType,
        fileName: file.fileName.ascii,
        unicodeName: file.fileName.unicode,
        disposition: 'attachment',
      },
    );
  } catch (error) {
    giveBack();
    throw error;
  }
}
