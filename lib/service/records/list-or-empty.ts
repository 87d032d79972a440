import 'server-only';

import { isDataApiError } from '@/lib/service/errors';

/** A list read where the service's 404 means "no records" (the interface lists 404 among a list's answers). */
export async function listOrEmpty<T>(list: Promise<T[]>): Promise<T[]> {
  try {
    return await list;
  } catch (error) {
    if (isDataApiError(error, 'not-found')) return [];
    throw error;
  }
}
