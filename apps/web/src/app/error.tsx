"use client";

export default function ErrorPage({ reset }: { error: Error; reset(): void }) {
  return (
    <main className="grid min-h-screen place-items-center p-6">
      <div className="max-w-md text-center" role="alert">
        <h1 className="text-2xl font-bold text-white">Something went wrong</h1>
        <p className="mt-2 text-muted">
          The page couldn’t be loaded. The service may be starting or briefly unavailable.
        </p>
        <button
          type="button"
          onClick={reset}
          className="mt-6 rounded-md bg-accent-strong px-4 py-2 font-medium text-white hover:bg-accent-hover"
        >
          Try again
        </button>
      </div>
    </main>
  );
}
