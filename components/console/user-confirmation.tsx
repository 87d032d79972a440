import { TextWithCode } from '@/components/console/cells';
import { ConfirmAction } from '@/components/console/confirm-action';
import { Link } from '@/components/link';
import { type ConsoleDataPageTexts, fill } from '@/lib/features/console/data-texts';
import type { ConsoleUser } from '@/lib/features/console/users';

type FormAction = (form: FormData) => Promise<never>;

/**
 * The confirmation step the Users page's address asks for: `?confirm=end-sessions&pluginId=…&userId=…` for a user
 * the page lists, `?confirm=reencrypt` for the whole add-on; nothing for any other address.
 */
export function UserConfirmation({
  confirm,
  target,
  firstKeyId,
  texts: { d, p },
  actions,
}: {
  confirm: string | undefined;
  target: ConsoleUser | undefined;
  /** The key stored secrets are re-encrypted under (its id only). */
  firstKeyId: string;
  texts: ConsoleDataPageTexts;
  actions: { endSessions: FormAction; reencrypt: FormAction };
}) {
  const common = { title: p.confirmTitle, check: p.confirmCheck, cancel: p.cancel, cancelHref: '/console/users' };
  if (target && confirm === 'end-sessions')
    return (
      <ConfirmAction
        {...common}
        question={fill(d.actions.endUserSessions.confirm, { name: target.userId })}
        submit={d.actions.endUserSessions.label}
        action={actions.endSessions}
        fields={{ pluginId: target.pluginId, userId: target.userId }}
      />
    );
  if (confirm === 'reencrypt')
    return (
      <ConfirmAction
        {...common}
        question={fill(d.actions.reencryptSecrets.confirm, { name: firstKeyId })}
        submit={d.actions.reencryptSecrets.label}
        action={actions.reencrypt}
        fields={{}}
      />
    );
  return null;
}

/** "Re-encrypt stored secrets under the first key", as `npm run keys:rotate` does: the link to its confirmation. */
export function ReencryptSection({ texts: { d, p } }: { texts: ConsoleDataPageTexts }) {
  return (
    <section className="mt-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <p className="text-sm text-slate-700">
        <TextWithCode text={p.reencryptIntro} mark="command" code="npm run keys:rotate" />
      </p>
      <Link href="/console/users?confirm=reencrypt" className="mt-2 inline-block text-brand-700 hover:underline">
        {d.actions.reencryptSecrets.label}
      </Link>
    </section>
  );
}
