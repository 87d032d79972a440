import { createSandbox, type Sandbox, type SandboxOptions } from '../../sandbox/app';

/** The day every test anchors the sandbox's generated data to, so expectations hold on any date. */
export const TODAY = '2026-11-22';

/**
 * The sandbox of the service as a test of its own routes starts it: on an ephemeral port, with generated data
 * anchored to TODAY, and an add-on address where nothing listens (port 9), since these tests never reach the add-on.
 * The test passes what it cares about (a fake clock as `now`, webhook delays) and closes the sandbox afterwards.
 */
export function startTestSandbox(options: Partial<SandboxOptions> = {}): Promise<Sandbox> {
  return createSandbox({
    port: 0,
    addonUrl: 'http://127.0.0.1:9',
    pluginId: 'p',
    apiKey: 'k',
    today: TODAY,
    ...options,
  });
}
