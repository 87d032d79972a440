import { ConsoleAuthCard } from '@/components/console/console-card';
import { getConsoleTexts } from '@/lib/features/console/texts';

/**
 * 403 of the console: signed in at the identity provider, but not (or no longer) an operator. Signing out ends the
 * console session, if one was made, so another account can be used.
 */
export default async function ConsoleForbidden() {
  const { c } = await getConsoleTexts();
  return (
    <ConsoleAuthCard
      title={c.refusedTitle}
      body={c.refusedBody}
      button={{ action: 'signout', callbackUrl: '/console/sign-in', label: c.otherAccount, variant: 'quiet' }}
      texts={c}
    />
  );
}
