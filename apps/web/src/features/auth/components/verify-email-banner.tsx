import { MailWarning } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { failureMessage } from '../../../lib/api-client';
import { useResendVerification } from '../hooks/use-account-links';
import { ACCOUNT_LINK_TEXTS } from '../model/account-links';

/**
 * The reminder at the top of every page of the shell while the account's address is not verified
 * (docs/product/shell.md#verification-banner): what waits for it, and a new link on request. It cannot be dismissed:
 * it goes once the address is verified.
 */
export function VerifyEmailBanner({ email }: { email: string }) {
  const resend = useResendVerification();
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  return (
    <section
      aria-label="E-mail verification"
      className="border-b border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950 sm:px-6"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex min-w-0 gap-2">
          <MailWarning className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <span className="wrap-anywhere">{ACCOUNT_LINK_TEXTS.banner(email)}</span>
        </p>
        <Button
          variant="secondary"
          size="sm"
          className="h-11 shrink-0 self-start sm:h-8 sm:self-auto"
          disabled={resend.isPending}
          onClick={() =>
            resend.mutate(undefined, {
              onSuccess: (sent) => setAnswer({ ok: true, text: sent.message }),
              onError: (error) =>
                setAnswer({ ok: false, text: failureMessage(error, ACCOUNT_LINK_TEXTS.resendFailed) }),
            })
          }
        >
          {resend.isPending ? ACCOUNT_LINK_TEXTS.resending : ACCOUNT_LINK_TEXTS.resend}
        </Button>
      </div>
      {/* Always in the page, so what is said in it is announced. */}
      <p
        role="status"
        className={answer ? `mt-2 wrap-anywhere ${answer.ok ? 'text-emerald-800' : 'text-red-800'}` : 'sr-only'}
      >
        {answer?.text ?? ''}
      </p>
    </section>
  );
}
