import { Link } from 'react-router';

export function NotFoundRoute() {
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-2xl font-semibold">This page is not here yet</h1>
      <Link to="/" className="text-indigo-600 underline">
        Back to the start
      </Link>
    </main>
  );
}
