ALTER TABLE "mirror_documents" ADD COLUMN "credits_partner" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The documents already mirrored, by the rule lib/service/records/overdue.ts creditsThePartner states (a credit note
-- by its type: an invoice of type 1, an expense of type 17; or a total below zero, EUR else the document's own).
UPDATE "mirror_documents" SET "credits_partner" = true
WHERE ("record" ->> 'invoiceType') = '1'
   OR ("record" ->> 'documentType') = '17'
   OR coalesce("total_incl_vat", "total_incl_vat_currency") < 0;
