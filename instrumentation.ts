/**
 * Runs once when a server instance starts: validates the configuration (a missing value stops startup with one
 * clear line), opens the database, applies the migrations, and starts the job queue (lib/platform/jobs/: pruning of old
 * rows among its jobs), stopped again on SIGTERM.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { startServer } = await import('@/lib/startup/startup');
  await startServer();
}
