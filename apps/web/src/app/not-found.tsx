import Link from "next/link";

export default function NotFound() {
  return (
    <main className="grid min-h-screen place-items-center p-6">
      <div className="text-center">
        <p className="text-sm font-semibold uppercase tracking-wide text-muted">404</p>
        <h1 className="mt-2 text-2xl font-bold">This page doesn’t exist</h1>
        <Link
          href="/"
          className="mt-6 inline-block rounded-md bg-accent-strong px-4 py-2 font-medium text-white hover:bg-accent-hover"
        >
          Go home
        </Link>
      </div>
    </main>
  );
}
