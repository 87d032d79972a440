import type { Metadata } from 'next';

import { ConsoleActionsPage } from '@/components/console/action-outcome';
import { one } from '@/components/console/cells';
import { ReencryptSection, UserConfirmation } from '@/components/console/user-confirmation';
import { UsersTable } from '@/components/console/users-table';
import { operatorPage } from '@/lib/doors/console/page';
import { getConsoleDataTexts } from '@/lib/features/console/data-texts';
import { readOutcome } from '@/lib/features/console/outcome';
import { consoleMetadata } from '@/lib/features/console/texts';
import { consoleUsers } from '@/lib/features/console/users';
import { getEnv } from '@/lib/platform/env';

import { endUserSessionsAction, reencryptSecretsAction } from '../actions';

export function generateMetadata(): Promise<Metadata> {
  return consoleMetadata(({ d }) => d.users.title);
}

/**
 * Users: who launched the add-on, their companies and sessions (lib/features/console/users.ts; a session only by its
 * fingerprint). Per user "End all sessions", and for the whole add-on "Re-encrypt stored secrets under the first
 * key" (`npm run keys:rotate`), each through its confirmation step (`?confirm=…`) to a server action.
 */
export default operatorPage(async ({ search }) => {
  const [texts, users] = await Promise.all([getConsoleDataTexts(), consoleUsers()]);
  const target = users.find((user) => user.pluginId === one(search.pluginId) && user.userId === one(search.userId));
  return (
    <ConsoleActionsPage section={texts.d.users} outcome={readOutcome(search)} texts={texts}>
      <UserConfirmation
        confirm={one(search.confirm)}
        target={target}
        firstKeyId={getEnv().encryptionKeys[0]?.id ?? ''}
        texts={texts}
        actions={{ endSessions: endUserSessionsAction, reencrypt: reencryptSecretsAction }}
      />
      <ReencryptSection texts={texts} />
      <UsersTable users={users} texts={texts} />
    </ConsoleActionsPage>
  );
});
