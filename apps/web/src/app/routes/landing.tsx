import { Link } from 'react-router';

export function LandingRoute() {
  return (
    <main className="mx-auto flex min-h-screen max-w-3xl flex-col items-center justify-center gap-6 px-6 text-center">
      <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">A simpler way to invoice</h1>
      <p className="text-lg text-slate-600">Create, manage and share professional invoices.</p>
      <Link
        to="/new"
        className="rounded-lg bg-indigo-600 px-6 py-3 font-semibold text-white shadow-sm hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        Create Invoice
      </Link>
    </main>
  );
}
