import { paymentImportAddresses } from '@/lib/features/imports/routes/payment-import';

export const dynamic = 'force-dynamic';

/** The payment import's JSON view (contract.md, "Uploads"), reached by the proxy's rewrite. */
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = paymentImportAddresses.view;
