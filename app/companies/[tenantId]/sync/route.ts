import { refreshAddress } from '@/lib/features/copy/routes';

export const dynamic = 'force-dynamic';

/** The company's copy: whether it is being updated (GET, for the pages' script) and a refresh now (POST). */
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = refreshAddress;
