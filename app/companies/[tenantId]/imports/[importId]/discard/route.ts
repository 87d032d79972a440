import { discardAddress } from '@/lib/features/imports/routes/discard';

export const dynamic = 'force-dynamic';

/** "Discard the import" (contract.md, "Uploads"). */
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = discardAddress;
