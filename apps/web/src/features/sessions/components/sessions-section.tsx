import type { SessionInfo } from '@invoicer/domain/api/users';
import { LogOut, Monitor, Smartphone } from 'lucide-react';
import { useRef } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { failureMessage } from '../../../lib/api-client';
import { useEndOtherSessions, useEndSession, useSessions } from '../hooks/use-sessions';
import { formatDay, lastUsedText } from '../model/last-used';

export const SESSION_TEXTS = {
  title: 'Signed-in devices',
  intro: 'Browsers where your account is signed in now. Sign out any you do not recognise, then change your password.',
  loading: 'Loading sessions...',
  loadFailed: 'The sessions could not be loaded.',
  retry: 'Retry',
  thisDevice: 'This device',
  activeNow: 'Active now',
  signedInOn: (day: string) => `Signed in on ${day}`,
  signOut: 'Sign out',
  signOutLabel: (session: SessionInfo) => `Sign out ${session.device}, signed in on ${formatDay(session.created_at)}`,
  signOutOthers: 'Sign out all other sessions',
  signingOut: 'Signing out...',
  onlyThisOne: 'No other browser is signed in.',
  failed: 'Could not sign out the session. Please try again.',
} as const;

const MOBILE = /iPhone|iPad|Android/;

function SessionRow({
  session,
  busy,
  onEnd,
}: {
  session: SessionInfo;
  busy: boolean;
  onEnd: (session: SessionInfo) => void;
}) {
  const Icon = MOBILE.test(session.device) ? Smartphone : Monitor;
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 gap-3">
        <Icon className="mt-0.5 h-5 w-5 shrink-0 text-slate-500" aria-hidden />
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
            <span className="wrap-anywhere">{session.device}</span>
            {session.current && (
              <span className="rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-semibold text-indigo-700">
                {SESSION_TEXTS.thisDevice}
              </span>
            )}
          </p>
          <p className="text-sm text-slate-600">
            {session.current ? SESSION_TEXTS.activeNow : lastUsedText(session.last_seen_at)}
          </p>
          <p className="text-sm text-slate-600">{SESSION_TEXTS.signedInOn(formatDay(session.created_at))}</p>
        </div>
      </div>
      <Button
        variant="secondary"
        size="sm"
        className="h-11 shrink-0 self-start sm:h-8 sm:self-auto"
        aria-label={SESSION_TEXTS.signOutLabel(session)}
        disabled={busy}
        onClick={() => onEnd(session)}
      >
        <LogOut className="h-4 w-4" aria-hidden />
        {SESSION_TEXTS.signOut}
      </Button>
    </li>
  );
}

export interface SessionsSectionProps {
  /** This browser's own session ended: the page signs the user out of the app. */
  onSignedOut: () => void;
}

/**
 * Settings > Sessions (docs/product/settings.md#sessions): the browsers signed in to the account, in words, with when
 * each was last used and signed in; any of them can be signed out, or all but this one.
 */
export function SessionsSection({ onSignedOut }: SessionsSectionProps) {
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const heading = useRef<HTMLHeadingElement>(null);
  const busy = endOne.isPending || endOthers.isPending;

  const end = (session: SessionInfo) =>
    endOne.mutate(session.id, {
      onSuccess: (answer) => {
        if (answer.signed_out) {
          onSignedOut();
          return;
        }
        toast.success(answer.message);
        // The row and its button are gone: focus goes back to the list's heading.
        heading.current?.focus();
      },
      onError: (error) => toast.error(failureMessage(error, SESSION_TEXTS.failed)),
    });

  let body: React.ReactNode;
  if (sessions.isPending) {
    body = (
      <p role="status" className="flex items-center gap-3 text-sm text-slate-600">
        <Spinner />
        {SESSION_TEXTS.loading}
      </p>
    );
  } else if (sessions.isError) {
    body = (
      <div className="text-sm text-slate-600">
        <p>{SESSION_TEXTS.loadFailed}</p>
        <Button variant="secondary" size="sm" className="mt-2 h-11 md:h-8" onClick={() => void sessions.refetch()}>
          {SESSION_TEXTS.retry}
        </Button>
      </div>
    );
  } else {
    const list = sessions.data.sessions;
    const others = list.filter((session) => !session.current).length;
    body = (
      <>
        <ul aria-label={SESSION_TEXTS.title} className="divide-y divide-slate-200">
          {list.map((session) => (
            <SessionRow key={session.id} session={session} busy={busy} onEnd={end} />
          ))}
        </ul>
        <div className="mt-4 flex flex-col gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-600">{others === 0 ? SESSION_TEXTS.onlyThisOne : ''}</p>
          <Button
            variant="secondary"
            className="h-11 sm:h-10"
            disabled={busy || others === 0}
            onClick={() =>
              endOthers.mutate(undefined, {
                onSuccess: (answer) => {
                  toast.success(answer.message);
                  heading.current?.focus();
                },
                onError: (error) => toast.error(failureMessage(error, SESSION_TEXTS.failed)),
              })
            }
          >
            {endOthers.isPending ? SESSION_TEXTS.signingOut : SESSION_TEXTS.signOutOthers}
          </Button>
        </div>
      </>
    );
  }

  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 ref={heading} tabIndex={-1} className="text-base font-semibold text-slate-900 focus:outline-none">
        {SESSION_TEXTS.title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{SESSION_TEXTS.intro}</p>
      <div className="mt-4">{body}</div>
    </section>
  );
}
