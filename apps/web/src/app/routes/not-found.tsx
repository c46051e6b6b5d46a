import { Link } from 'react-router';

/** Any path the route table does not know. */
export function NotFoundRoute() {
  return (
    <section className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-2xl font-semibold text-slate-900">Page not found</h1>
      <p className="text-slate-600">There is nothing at this address.</p>
      <Link to="/new" className="font-medium text-indigo-600 underline hover:text-indigo-500">
        Create an invoice
      </Link>
    </section>
  );
}
