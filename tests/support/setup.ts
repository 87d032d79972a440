// Tests run as "test", never as production: configuration falls back to the sandbox's well-known values,
// and secrets that would otherwise be persisted under .data/ are fixed here so no test writes there.
process.env.LOG_LEVEL ??= 'silent';
process.env.PGLITE_DIR ??= 'memory://';
process.env.SESSION_SECRETS ??= 'test-session-secret-0123456789abcdef0123456789';
process.env.ENCRYPTION_KEYS ??= 'k1:' + Buffer.alloc(32, 7).toString('base64');
