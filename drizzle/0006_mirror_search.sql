-- pg_trgm (trusted, so the database's owner may create it; PGlite loads it at open, lib/db/client.ts): trigram
-- indexes serve `like '%…%'` on the mirror's search text, and word_similarity ranks matches.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX "mirror_documents_search_idx" ON "mirror_documents" USING gin ("search_text" gin_trgm_ops);
