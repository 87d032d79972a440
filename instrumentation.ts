/**
 * Runs once when a server instance starts: validates the configuration (a missing value stops startup with one
 * clear line), opens the database, applies the migrations, and starts the background pruning of old rows.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { startServer } = await import('@/lib/startup');
  await startServer();
}
