import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

import { DOCUMENT_KINDS } from '@/lib/base/document-kinds';
import {
  BATCH_OUTCOMES,
  HOLDING_STATES,
  IMPORT_KINDS,
  LINE_STATES,
  MAX_EXTERNAL_ID,
  STOP_REASONS,
} from '@/lib/base/imports/states';

/**
 * All state that decides who may do what lives here, never in process memory, so several instances agree.
 * Times that decide validity are written by the database clock (`now()`).
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** JWT ids already accepted at token-exchange: a `jti` is accepted once only, across all instances. */
export const usedJwtIds = pgTable('used_jwt_ids', {
  jti: text('jti').primaryKey(),
  // Kept until the JWT itself could no longer be valid; pruned after that.
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/** Launch codes, by SHA-256 only. Consumed rows are kept (replay detection, the delivery window) and pruned later. */
export const launchCodes = pgTable(
  'launch_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: text('user_id').notNull(),
    tenantIds: text('tenant_ids').array().notNull(),
    pluginId: text('plugin_id').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [index('launch_codes_user_plugin_created_idx').on(table.userId, table.pluginId, table.createdAt)],
);

/** Data-API access tokens delivered by the gateway, encrypted (AES-256-GCM, the row identity as AAD). */
export const accessTokens = pgTable(
  'access_tokens',
  {
    userId: text('user_id').notNull(),
    tenantId: text('tenant_id').notNull(),
    pluginId: text('plugin_id').notNull(),
    companyName: text('company_name'),
    keyId: text('key_id').notNull(),
    // base64url of iv (12 bytes) ‖ ciphertext ‖ tag (16 bytes)
    sealedToken: text('sealed_token').notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }).notNull().defaultNow(),
    // Set when the data API rejects the token (revoked or reset connection); a new delivery clears it.
    invalidatedAt: timestamp('invalidated_at', { withTimezone: true }),
    /** How the token reached us: 'gateway' (token delivery), 'consent' (Integration Consent) or 'pasted'. */
    source: text('source', { enum: ['gateway', 'consent', 'pasted'] })
      .notNull()
      .default('gateway'),
    /**
     * Public id in our webhook receiver's address (/api/webhooks/{webhookId}). Not a secret: a notification is
     * believed only when it is signed with the connection's webhook secret. Companies approved in one consent share
     * the consent's address.
     */
    webhookId: text('webhook_id'),
    /**
     * A pasted token only: when it was shown to belong to the company (what it read matched the company's copy,
     * lib/owners/connections/fingerprint.ts). Null while unproven: it then drives only its own user's work
     * (lib/owners/connections/work.ts). Delivered and consented tokens are bound by how they came, and leave it null.
     */
    boundAt: timestamp('bound_at', { withTimezone: true }),
    // The connection's webhook secret, sealed under key_id like the token but with its own additional data.
    sealedWebhookSecret: text('sealed_webhook_secret'),
    /**
     * What the company's own page must say about the last change of its connection when the user did not ask for it
     * there: a consent started on another company's page replaced its working connection
     * (lib/owners/connections/notice.ts). Company ids and names only; cleared whenever the connection is stored anew.
     */
    notice: jsonb('notice'),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.tenantId, table.pluginId] }),
    index('access_tokens_webhook_idx').on(table.webhookId),
  ],
);

/** Sessions: the cookie holds only the id (sealed); the row decides, so a session can be revoked. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    tenantIds: text('tenant_ids').array().notNull(),
    pluginId: text('plugin_id').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The last request seen, to the minute (lib/owners/sessions/sessions.ts): the idle timeout counts from it. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sessions_expires_idx').on(table.expiresAt)],
);

/** Budgets of failed authentications per source address, shared by all instances (rate-limiter-flexible's shape). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull().default(0),
  expire: timestamp('expire', { withTimezone: true }),
});

export type SessionRow = typeof sessions.$inferSelect;

/**
 * Per-token schedules of data-API calls (lib/service/rate/), shared by every instance when DATABASE_URL is set.
 * `token_key` is a fingerprint of the token, never the token. Times are epoch milliseconds of the database clock.
 */
export const dataApiBudgets = pgTable('data_api_budgets', {
  tokenKey: text('token_key').primaryKey(),
  slots: bigint('slots', { mode: 'number' })
    .array()
    .notNull()
    .default(sql`'{}'::bigint[]`),
  pausedUntil: bigint('paused_until', { mode: 'number' }).notNull().default(0),
  // Grants of `slots` whose call has not yet reported its departure: they count as leaving now (rate/slots.ts).
  pending: bigint('pending', { mode: 'number' })
    .array()
    .notNull()
    .default(sql`'{}'::bigint[]`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Integration Consent attempts (lib/owners/consent/). The `state` sent to the service is a bearer secret (in poll mode it
 * fetches the tokens), so only its SHA-256 identifies the row and the state itself is kept sealed while pending. We
 * send no webhook secret: the service makes one per connection and returns it with the token. The row binds the
 * state to the session that started it: the consent's answer arrives without our cookie.
 */
export const consentRequests = pgTable(
  'consent_requests',
  {
    /** Public, random: names the attempt in our own addresses (progress page, result notice), never the state. */
    id: text('id').primaryKey(),
    stateHash: text('state_hash').notNull().unique(),
    responseMode: text('response_mode', { enum: ['post', 'poll'] }).notNull(),
    companyMode: text('company_mode', { enum: ['single', 'multiple'] }).notNull(),
    sessionId: text('session_id').notNull(),
    userId: text('user_id').notNull(),
    pluginId: text('plugin_id').notNull(),
    /** The session's companies: only these may be stored; others approved at the service are left out. */
    tenantIds: text('tenant_ids').array().notNull(),
    /** The company page the user started from, and comes back to. */
    startedFor: text('started_for').notNull(),
    webhookId: text('webhook_id').notNull(),
    keyId: text('key_id').notNull(),
    // Only while the attempt is pending: poll mode polls with it, and either mode's progress page can open the
    // consent page again with it.
    sealedState: text('sealed_state'),
    createdAt: createdAt(),
    /** The service keeps an answer for 15 minutes; so does the state. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** pending, then connected, expired, denied or failed. */
    status: text('status', { enum: ['pending', 'connected', 'expired', 'denied', 'failed'] })
      .notNull()
      .default('pending'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** What the completion stored and left out (company ids and names only), for the result notice. */
    outcome: jsonb('outcome'),
    nextPollAt: timestamp('next_poll_at', { withTimezone: true }).notNull().defaultNow(),
    pollCount: integer('poll_count').notNull().default(0),
  },
  (table) => [
    index('consent_requests_user_idx').on(table.userId, table.pluginId, table.createdAt),
    // Pruning (lib/features/upkeep/prune.ts) deletes by expiry.
    index('consent_requests_expires_idx').on(table.expiresAt),
  ],
);

export type ConsentRequestRow = typeof consentRequests.$inferSelect;

/**
 * Notifications received from the service (lib/owners/webhooks/), once each: the key is the payload's requestId, or the
 * body's SHA-256 when it has none, so a retried or repeated notification is stored once.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    webhookId: text('webhook_id').notNull(),
    eventKey: text('event_key').notNull(),
    userId: text('user_id').notNull(),
    pluginId: text('plugin_id').notNull(),
    /** The companies whose webhook secret verified the signature (one, unless they share a secret). */
    tenantIds: text('tenant_ids').array().notNull(),
    kind: text('kind', { enum: ['upload', 'payment', 'other'] }).notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.webhookId, table.eventKey] }),
    index('webhook_events_user_idx').on(table.userId, table.pluginId, table.receivedAt),
    // Pruning (lib/features/upkeep/prune.ts) deletes by age.
    index('webhook_events_received_idx').on(table.receivedAt),
  ],
);

export type WebhookEventRow = typeof webhookEvents.$inferSelect;

/** The key every mirror table starts with: the company (add-on and tenant), never a user. */
const mirroredCompany = () => ({
  pluginId: text('plugin_id').notNull(),
  tenantId: text('tenant_id').notNull(),
});

/** When a sync last wrote the row. */
const syncedAt = () => timestamp('synced_at', { withTimezone: true }).notNull().defaultNow();

/**
 * The synchronized copy of each company's documents (lib/owners/mirror/), kept per COMPANY (plugin, tenant), not per user:
 * it is synced with any working token of the company and served only to sessions whose launch covered it. This row
 * is the company's sync state: what pages say about freshness, and where a restarted sync resumes.
 */
export const mirrorCompanies = pgTable(
  'mirror_companies',
  {
    ...mirroredCompany(),
    /** never | syncing | ready | paused (402: no API package) | stopped (401: the token was refused). */
    status: text('status', { enum: ['never', 'syncing', 'ready', 'paused', 'stopped'] })
      .notNull()
      .default('never'),
    /** The first full sync ended: pages may read the mirror from now on. */
    fullSyncedAt: timestamp('full_synced_at', { withTimezone: true }),
    /** The last sync of any mode that ended well ("updated 2 min ago"). */
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    /** Per kind, the newest lastModifiedTimestamp seen, as the service wrote it: where an incremental sync starts. */
    cursors: jsonb('cursors').notNull().default({}),
    /** Per kind, how far the full sync has read ({ read, skip, done }), committed with each page. */
    progress: jsonb('progress').notNull().default({}),
    reconciledAt: timestamp('reconciled_at', { withTimezone: true }),
    lastErrorKind: text('last_error_kind'),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
    nextTryAt: timestamp('next_try_at', { withTimezone: true }),
    /** A page of the company was viewed: retention counts from it. */
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.pluginId, table.tenantId] })],
);

export type MirrorCompanyRow = typeof mirrorCompanies.$inferSelect;

/**
 * One invoice, expense or delivery note of a company as the service last listed it, keyed by the service's id. The
 * columns pages filter, sort and sum on are copied out of `record` (the record as our zod schema parsed it, so
 * today's components can render it); `search_text` is lower-cased without diacritics.
 */
export const mirrorDocuments = pgTable(
  'mirror_documents',
  {
    ...mirroredCompany(),
    kind: text('kind', { enum: DOCUMENT_KINDS }).notNull(),
    id: text('id').notNull(),
    documentNumber: text('document_number'),
    issueDate: date('issue_date'),
    dueDate: date('due_date'),
    partnerName: text('partner_name'),
    /** IČO, DIČ and IČ DPH joined by spaces. */
    partnerIds: text('partner_ids'),
    currency: text('currency'),
    /** EUR (legislative prices). */
    totalExclVat: numeric('total_excl_vat'),
    totalInclVat: numeric('total_incl_vat'),
    /** In the document's currency (document prices). */
    totalInclVatCurrency: numeric('total_incl_vat_currency'),
    paymentStatus: smallint('payment_status'),
    /**
     * What is left to pay, in the document's currency (the record's `sumForPayment`; 0 when fully paid). Credit notes
     * carry it negative, as their totals are.
     */
    amountDue: numeric('amount_due'),
    /** The partner the document names, one key per partner: `ico:` and the IČO, else `name:` and the folded name. */
    partnerKey: text('partner_key'),
    /**
     * Whether the document reduces what the partner owes, so it is never overdue: lib/service/records/overdue.ts
     * creditsThePartner's rule (a credit note by its type: an invoice of type 1, an expense of type 17; or a total below
     * zero, EUR else the document's own), computed by the database from the row. Stored, not read from `record` in each
     * query: the overview's and the partners' sums over a company's documents would otherwise take every record out of
     * its compressed storage (100 ms for 25 000 documents, measured). Generated, so no writer can leave it wrong, not
     * even a release before it running beside one with it during a rolling restart.
     */
    creditsPartner: boolean('credits_partner')
      .notNull()
      .generatedAlwaysAs(
        sql`coalesce((record ->> 'invoiceType') = '1' or (record ->> 'documentType') = '17' or coalesce(total_incl_vat, total_incl_vat_currency) < 0, false)`,
      ),
    lastModified: text('last_modified'),
    record: jsonb('record').notNull(),
    searchText: text('search_text').notNull().default(''),
    /** The number and the partner's name folded like the search text: what lists sort by (compared byte by byte). */
    documentNumberFolded: text('document_number_folded'),
    partnerNameFolded: text('partner_name_folded'),
    /**
     * Set when `record` is the single record (an expense's, read for its journal: lib/owners/mirror/journals.ts), not what
     * the list gave; a list record with another lastModifiedTimestamp replaces it and clears this (to be read again).
     */
    detailReadAt: timestamp('detail_read_at', { withTimezone: true }),
    syncedAt: syncedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.pluginId, table.tenantId, table.kind, table.id] }),
    index('mirror_documents_issue_idx').on(table.pluginId, table.tenantId, table.kind, table.issueDate.desc()),
    // A document by its number: the invoices a page of payments names, an import's pairing by hand.
    index('mirror_documents_number_idx').on(table.pluginId, table.tenantId, table.kind, table.documentNumber),
    // Trigrams of the search text (pg_trgm, created by the migration): `like '%…%'` for any part of a word is served
    // by this index instead of reading every row of the company (lib/owners/mirror/query/).
    index('mirror_documents_search_idx').using('gin', table.searchText.op('gin_trgm_ops')),
    // A partner's documents (its statement) and the partners' balances (grouped by key).
    index('mirror_documents_partner_idx').on(table.pluginId, table.tenantId, table.partnerKey),
    // The expenses whose journal is still to be read: what each journal job looks for first.
    index('mirror_documents_unread_idx')
      .on(table.pluginId, table.tenantId)
      .where(sql`${table.kind} = 'expenses' and ${table.detailReadAt} is null`),
  ],
);

export type MirrorDocumentRow = typeof mirrorDocuments.$inferSelect;

/**
 * One payment the service lists (`GET /api/payments`: those recorded with an account) as it last listed it, keyed by
 * the service's id; the columns lists filter, sort and sum on copied out of `record`, which is kept whole.
 */
export const mirrorPayments = pgTable(
  'mirror_payments',
  {
    ...mirroredCompany(),
    id: text('id').notNull(),
    accountId: text('account_id'),
    paymentDate: date('payment_date'),
    /** In `currency`, as the service wrote it. */
    amount: numeric('amount'),
    currency: text('currency'),
    variableSymbol: text('variable_symbol'),
    partnerName: text('partner_name'),
    partnerNameFolded: text('partner_name_folded'),
    /** The counterparty's account, compact (no spaces, upper case). */
    iban: text('iban'),
    /** The payment's reference or, without one, its message for the payee. */
    reference: text('reference'),
    externalId: text('external_id'),
    /** The numbers of the documents it paid, where the record names them (joined by spaces). */
    documentNumbers: text('document_numbers'),
    lastModified: text('last_modified'),
    record: jsonb('record').notNull(),
    searchText: text('search_text').notNull().default(''),
    syncedAt: syncedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.pluginId, table.tenantId, table.id] }),
    index('mirror_payments_date_idx').on(table.pluginId, table.tenantId, table.paymentDate.desc()),
    index('mirror_payments_account_idx').on(table.pluginId, table.tenantId, table.accountId, table.paymentDate.desc()),
    // The lists' other orders as a header's first click asks for them (lib/features/money/queries/payments.ts: partners
    // from A, the largest amounts first, rows without the value last): a page is read in index order, not sorted
    // out of every payment of the company.
    index('mirror_payments_partner_idx').on(
      table.pluginId,
      table.tenantId,
      sql`(${table.partnerNameFolded} collate "C")`,
    ),
    index('mirror_payments_amount_idx').on(table.pluginId, table.tenantId, table.amount.desc().nullsLast()),
    index('mirror_payments_external_idx').on(table.pluginId, table.tenantId, table.externalId),
    index('mirror_payments_search_idx').using('gin', table.searchText.op('gin_trgm_ops')),
  ],
);

export type MirrorPaymentRow = typeof mirrorPayments.$inferSelect;

/**
 * One catalog item (a stock card) as the service last listed it, keyed by its item code (the key the service's own
 * integrations de-duplicate its pages by), with its quantity on hand in each warehouse and in all.
 */
export const mirrorCatalogItems = pgTable(
  'mirror_catalog_items',
  {
    ...mirroredCompany(),
    itemCode: text('item_code').notNull(),
    name: text('name'),
    /** The item code and the name folded like the search text: what lists sort by. */
    itemCodeFolded: text('item_code_folded').notNull(),
    nameFolded: text('name_folded'),
    ean: text('ean'),
    unit: text('unit'),
    /** Quantity on hand in every warehouse together. */
    quantity: numeric('quantity').notNull().default('0'),
    /** Quantity on hand per warehouse code: `{ "HL": "12", "PR": "-1" }` (decimal strings). */
    quantities: jsonb('quantities').notNull().default({}),
    lastModified: text('last_modified'),
    record: jsonb('record').notNull(),
    searchText: text('search_text').notNull().default(''),
    syncedAt: syncedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.pluginId, table.tenantId, table.itemCode] }),
    index('mirror_catalog_items_search_idx').using('gin', table.searchText.op('gin_trgm_ops')),
  ],
);

export type MirrorCatalogItemRow = typeof mirrorCatalogItems.$inferSelect;

/**
 * The minimum quantity a company's user set for an item (lib/owners/stock/): ours to keep, the service has none.
 * `warehouse` is a warehouse's code, or '' for the item's quantity in all warehouses together.
 */
export const stockMinimums = pgTable(
  'stock_minimums',
  {
    pluginId: text('plugin_id').notNull(),
    tenantId: text('tenant_id').notNull(),
    itemCode: text('item_code').notNull(),
    warehouse: text('warehouse').notNull().default(''),
    minimum: numeric('minimum').notNull(),
    setBy: text('set_by').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.pluginId, table.tenantId, table.itemCode, table.warehouse] })],
);

/** A company's reference data (numbering sequences, warehouses, payment accounts), each list replaced whole. */
export const mirrorReference = pgTable(
  'mirror_reference',
  {
    ...mirroredCompany(),
    kind: text('kind', { enum: ['numberingSequences', 'warehouses', 'paymentAccounts'] }).notNull(),
    data: jsonb('data').notNull(),
    syncedAt: syncedAt(),
  },
  (table) => [primaryKey({ columns: [table.pluginId, table.tenantId, table.kind] })],
);

/**
 * What the operators' console did (lib/features/console/actions.ts): who (the operator's e-mail), what (an action and its
 * target: ids only, never a secret), when (the database clock) and how it ended, with a reason code when it did
 * not end well. Written in the action's own transaction where it can be, so an entry says what really happened.
 */
export const consoleAudit = pgTable(
  'console_audit',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    operator: text('operator').notNull(),
    action: text('action', {
      enum: ['end-user-sessions', 'disconnect-company', 'resync-company', 'reencrypt-secrets'],
    }).notNull(),
    target: jsonb('target').notNull().default({}),
    result: text('result', { enum: ['ok', 'failed', 'refused'] }).notNull(),
    reason: text('reason'),
  },
  (table) => [
    index('console_audit_at_idx').on(table.at.desc()),
    index('console_audit_operator_idx').on(table.operator),
  ],
);

export type ConsoleAuditRow = typeof consoleAudit.$inferSelect;

/**
 * Operational records for the operators' console (lib/owners/ops/): counts only, per hour, written by every instance in
 * batches (lib/owners/ops/record.ts) so the console sees all instances at once; pruned after 30 days (lib/features/upkeep/prune.ts).
 * Launch outcomes per step and reason code: never a JWT, launch code or API key, only the reason it was refused.
 */
export const opsLaunchCounts = pgTable(
  'ops_launch_counts',
  {
    /** The start of the hour (UTC) the requests ended in. */
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    /** exchange: the gateway's token-exchange; sign_in: the browser's callback with the launch code. */
    step: text('step', { enum: ['exchange', 'sign_in'] }).notNull(),
    outcome: text('outcome', { enum: ['ok', 'failed', 'ignored'] }).notNull(),
    /** `ok`, or the reason code of the log line (jwt_expired, api_key_wrong, code_invalid_expired_or_used, …). */
    reason: text('reason').notNull(),
    count: integer('count').notNull(),
  },
  (table) => [primaryKey({ columns: [table.hour, table.step, table.outcome, table.reason] })],
);

/**
 * Data-API calls of each company per hour, split by priority (a page's calls or the mirror's sync) and outcome (`ok`
 * or the DataApiError kind). The time each call waited for its token's budget is kept as counts in fixed buckets
 * (OPS_WAIT_BUCKETS_MS in lib/platform/metrics/wait-buckets.ts), from which the console reads p50/p95 over any span of hours.
 */
export const opsDataApiUsage = pgTable(
  'ops_data_api_usage',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    pluginId: text('plugin_id').notNull(),
    tenantId: text('tenant_id').notNull(),
    priority: text('priority', { enum: ['page', 'background'] }).notNull(),
    outcome: text('outcome').notNull(),
    calls: integer('calls').notNull(),
    /** 429 answers the calls received, retried ones included. */
    rateLimited: integer('rate_limited').notNull(),
    waitMsSum: bigint('wait_ms_sum', { mode: 'number' }).notNull(),
    /** Calls per wait bucket, index i counting waits ≤ OPS_WAIT_BUCKETS_MS[i] (the last: any longer wait). */
    waitBuckets: integer('wait_buckets').array().notNull(),
  },
  (table) => [primaryKey({ columns: [table.hour, table.pluginId, table.tenantId, table.priority, table.outcome] })],
);

/**
 * Notifications refused at a known receiver address (bad or missing signature, unreadable payload), per hour, company
 * and reason, counted for every company behind the address: the address names them, though the sender could not prove
 * it was the service. An unknown address names no company and is not recorded here (the metrics count it).
 */
export const opsWebhookRefusals = pgTable(
  'ops_webhook_refusals',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    pluginId: text('plugin_id').notNull(),
    tenantId: text('tenant_id').notNull(),
    /** signature_missing, signature_invalid or payload_invalid (lib/owners/webhooks/receive.ts). */
    reason: text('reason').notNull(),
    count: integer('count').notNull(),
  },
  (table) => [primaryKey({ columns: [table.hour, table.pluginId, table.tenantId, table.reason] })],
);

/**
 * An upload of a company (lib/owners/imports/): who, when, from which file (its name and SHA-256, never the file) and,
 * for payments, to which account. Its state is its lines' (lib/base/imports/states.ts, importStateOf); `stopped_at`
 * and `stop_reason` say it stopped sending because the service refused the connection (401, 402, 403).
 */
export const imports = pgTable(
  'imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pluginId: text('plugin_id').notNull(),
    tenantId: text('tenant_id').notNull(),
    kind: text('kind', { enum: IMPORT_KINDS }).notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    fileName: text('file_name').notNull(),
    /** SHA-256 of the file, hex. */
    fileDigest: text('file_digest').notNull(),
    /** Payments: the service's payment account (int64, as text) every line is recorded on. */
    accountId: text('account_id'),
    /**
     * Payments: the statement's own account as its file names it (an IBAN in electronic form, or the account number
     * as written) and the account owner's name, when the file says them: shown beside the account chosen.
     */
    statementAccount: text('statement_account'),
    statementOwner: text('statement_owner'),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    stopReason: text('stop_reason', { enum: STOP_REASONS }),
  },
  (table) => [index('imports_company_created_idx').on(table.pluginId, table.tenantId, table.createdAt.desc())],
);

export type ImportRow = typeof imports.$inferSelect;

/**
 * One line of an import: what will be sent (`payload`), the line's own facts for the pages (`display`), its paired
 * or created document, its problems, and where it is on its way (`state`, the batch that carried it, the service's
 * requestId and result). Company and kind are repeated here so that the database itself refuses a second line of
 * the company holding the same externalId (the partial unique index below): "never sent twice" does not depend on
 * any process's memory.
 */
export const importLines = pgTable(
  'import_lines',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    /** Stable id of the line within its import (the contract's `line`). */
    line: text('line').notNull(),
    position: integer('position').notNull(),
    pluginId: text('plugin_id').notNull(),
    tenantId: text('tenant_id').notNull(),
    kind: text('kind', { enum: IMPORT_KINDS }).notNull(),
    state: text('state', { enum: LINE_STATES }).notNull(),
    /** The state a queued or excluded line came from, to go back to when it is withdrawn or included again. */
    previousState: text('previous_state', { enum: LINE_STATES }),
    externalId: varchar('external_id', { length: MAX_EXTERNAL_ID }),
    /** The document as it will be sent (one element of the upload's `data`). */
    payload: jsonb('payload'),
    /** The line's own facts as the pages and the JSON view show them (date, amount, counterparty, rows…). */
    display: jsonb('display').notNull().default({}),
    /** `{ id, documentNumber }` of the paired (payments) or created (invoices) document. */
    document: jsonb('document'),
    /** `[{ code, text? }]`: why the line is invalid or has a problem (ours by code, the service's as its text). */
    problems: jsonb('problems').notNull().default([]),
    /** The batch that carried it last. */
    batchId: uuid('batch_id'),
    requestId: text('request_id'),
    /** What the service reported of it (its id, the document it paired or created). */
    result: jsonb('result'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /**
     * Who confirmed, and when, that a `probably-recorded` line is a payment of its own (not the one already recorded
     * that it resembles), and so sent it: the user's decision, kept; a line so confirmed is never flagged again.
     */
    newPaymentConfirmedBy: text('new_payment_confirmed_by'),
    newPaymentConfirmedAt: timestamp('new_payment_confirmed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.importId, table.line] }),
    index('import_lines_position_idx').on(table.importId, table.position),
    // One line of the company may hold an externalId from the moment it is queued: a second is refused here.
    uniqueIndex('import_lines_held_external_id_idx')
      .on(table.pluginId, table.tenantId, table.kind, table.externalId)
      .where(sql.raw(`state in (${HOLDING_STATES.map((state) => `'${state}'`).join(', ')})`)),
    // What a company's sender looks for: its queued lines, and the sent ones still to be confirmed.
    index('import_lines_on_their_way_idx')
      .on(table.pluginId, table.tenantId, table.state)
      .where(sql`state in ('queued', 'sent')`),
    index('import_lines_batch_idx').on(table.batchId),
    // The next batch: an import's queued lines not yet in one, in their order (however many were sent before them).
    index('import_lines_queued_idx')
      .on(table.importId, table.position)
      .where(sql`state = 'queued' and batch_id is null`),
  ],
);

export type ImportLineRow = typeof importLines.$inferSelect;

/**
 * Each POST of an import's lines, written before the request leaves (`pending`, by the sender holding the company's
 * lease) and then given its outcome (lib/base/imports/states.ts, BATCH_OUTCOMES). A batch still `pending` when another
 * sender holds the lease belonged to a sender that died: sent or not, nobody knows, so it is confirmed by reading back
 * (`unknown`) before any of its lines is sent again.
 */
export const importBatches = pgTable(
  'import_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    importId: uuid('import_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    pluginId: text('plugin_id').notNull(),
    tenantId: text('tenant_id').notNull(),
    kind: text('kind', { enum: IMPORT_KINDS }).notNull(),
    /** The sender (one run's random id) that claimed it. */
    sender: text('sender').notNull(),
    lineCount: integer('line_count').notNull().default(0),
    /** The lines it carried, in the order of the request's `data` (a line sent again later is in a later batch too). */
    lines: text('lines')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    /** SHA-256 of the request body, hex: set just before the POST leaves (null: it never left). */
    bodyDigest: text('body_digest'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    outcome: text('outcome', { enum: BATCH_OUTCOMES }).notNull().default('pending'),
    /** The HTTP status of the answer, when one came. */
    status: integer('status'),
    requestId: text('request_id'),
    /** A 400's validation result: `[{ field, messages }]`. */
    refusal: jsonb('refusal'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** Not before this may a line of an unknown batch that reading back does not find be sent again. */
    resendAfter: timestamp('resend_after', { withTimezone: true }),
    /** When its lines still `sent` are next read back (null: not any more). */
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
    checks: integer('checks').notNull().default(0),
  },
  (table) => [
    index('import_batches_company_idx').on(table.pluginId, table.tenantId, table.outcome),
    index('import_batches_import_idx').on(table.importId),
  ],
);

export type ImportBatchRow = typeof importBatches.$inferSelect;

/**
 * The one sender of a company's imports at a time, across instances: a lease taken and renewed by one conditional
 * statement (lib/owners/imports/lease.ts). A sender that dies leaves it to expire.
 */
export const importSenders = pgTable(
  'import_senders',
  {
    pluginId: text('plugin_id').notNull(),
    tenantId: text('tenant_id').notNull(),
    holder: text('holder').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.pluginId, table.tenantId] })],
);

/**
 * A company's confirmed way of reading one account's CSV statements (lib/owners/imports/csv-mappings.ts): the column
 * mapping the user confirmed once (lib/features/imports/statements/csv-mapping.ts, plain JSON), remembered so the
 * next CSV of that account goes straight through; who confirmed it last, and when.
 */
export const importCsvMappings = pgTable(
  'import_csv_mappings',
  {
    pluginId: text('plugin_id').notNull(),
    tenantId: text('tenant_id').notNull(),
    /** The service's payment account (int64, as text). */
    accountId: text('account_id').notNull(),
    mapping: jsonb('mapping').notNull(),
    confirmedBy: text('confirmed_by').notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.pluginId, table.tenantId, table.accountId] })],
);
