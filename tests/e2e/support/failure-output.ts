import { beforeEach } from 'vitest';

import type { AddonServer } from './addon-server';

/**
 * For each test of the file: quiet when green; on a failure, prints the add-on's last output, which usually tells
 * why. `addon` is asked only then, so it may name a server the file starts later.
 */
export function printAddonOutputOnFailure(addon: () => AddonServer | undefined): void {
  beforeEach(({ onTestFailed }) => {
    onTestFailed(() => {
      console.error(`add-on output (last 4000 characters):\n${addon()?.output().slice(-4000)}`);
    });
  });
}
