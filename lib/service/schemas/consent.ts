import { z } from 'zod';

/**
 * One company the user approved at the service's consent page, as both of its answers bring it: the post form
 * (lib/owners/consent/form.ts) and the poll answer (lib/service/subscription-poll.ts). The service's company id is our
 * tenant id (compared as text).
 */
export const consentCompanySchema = z.object({
  tenantId: z.string().regex(/^\d{1,19}$/),
  companyName: z.string().max(1024).nullable(),
  token: z.string().min(1).max(8192),
  webhookSecret: z.string().min(1).max(1024).nullable(),
});

export type ConsentCompany = z.infer<typeof consentCompanySchema>;

/** More companies than anyone has: an answer beyond this is not the service's. */
export const MAX_CONSENT_COMPANIES = 500;
