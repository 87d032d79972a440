import { paymentImportAddresses } from '@/lib/features/imports/routes/payment-import';

export const dynamic = 'force-dynamic';

/** "Record N payments in KROS" (contract.md, "Uploads"). */
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = paymentImportAddresses.send;
