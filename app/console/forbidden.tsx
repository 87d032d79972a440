import { ConsoleAuthButton } from '@/components/console/console-auth-button';
import { ConsoleCard } from '@/components/console/console-card';
import { getConsoleTexts } from '@/lib/features/console/texts';

/**
 * 403 of the console: signed in at the identity provider, but not (or no longer) an operator. Signing out ends the
 * console session, if one was made, so another account can be used.
 */
export default async function ConsoleForbidden() {
  const { c } = await getConsoleTexts();
  return (
    <ConsoleCard title={c.refusedTitle}>
      <p className="mt-2 text-slate-700">{c.refusedBody}</p>
      <div className="mt-4">
        <ConsoleAuthButton
          action="signout"
          callbackUrl="/console/sign-in"
          label={c.otherAccount}
          working={c.signInWorking}
          failed={c.signInFailed}
          variant="quiet"
        />
      </div>
    </ConsoleCard>
  );
}
