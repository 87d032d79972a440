'use client';

/**
 * Prints the page it stands on: inside the service's window, the browser's own print would print the service's page
 * around the add-on; this prints the add-on's frame alone (its print stylesheet leaves the navigation out).
 */
export function PrintButton({ label }: { label: string }) {
  return (
    <button
      type="button"
      onClick={() => window.print()}
      className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-ring"
      data-print-button=""
    >
      {label}
    </button>
  );
}
