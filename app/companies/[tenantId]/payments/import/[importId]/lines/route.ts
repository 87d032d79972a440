import { paymentImportAddresses } from '@/lib/features/imports/routes/payment-import';

export const dynamic = 'force-dynamic';

/** The import page's line controls: exclude, include, pair, confirm-new. */
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = paymentImportAddresses.lines;
