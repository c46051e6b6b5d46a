import { AuthCallback } from '../../features/auth/components/auth-callback';

/** /auth/callback: where Google sign-in returns (docs/product/accounts.md#the-callback-page). No shell, like /auth. */
export function AuthCallbackRoute() {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 px-4">
      <title>Signing in · Invoicer</title>
      <div className="w-full max-w-sm rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <AuthCallback />
      </div>
    </main>
  );
}
