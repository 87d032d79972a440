/**
 * The request header in which proxy.ts hands a page's own path to the server components (a layout is not told which
 * page below it renders). The proxy sets it on every page's request, over whatever a client sent under that name.
 * Pure: proxy.ts imports it.
 */
export const PAGE_PATH_HEADER = 'x-addon-page-path';
