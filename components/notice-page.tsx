/** A page that only explains something: signed out, forbidden, nothing connected. */
export function NoticePage({ title, body, children }: { title: string; body: string; children?: React.ReactNode }) {
  return (
    <main
      id="main"
      tabIndex={-1}
      className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm focus:outline-none"
    >
      <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
      <p className="mt-2 text-slate-700">{body}</p>
      {children}
    </main>
  );
}
