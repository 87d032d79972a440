import type { ReactNode } from 'react';

/**
 * A chart of the console's Launches or Data API page with its numbers: the SVG drawn on the server (role="img",
 * its title and a description saying the numbers are in the table below), then the table, shown (operators read
 * the figures, so they are not folded away as on a company's overview).
 */
export function OpsChartCard({
  id,
  title,
  svg,
  children,
}: {
  id: string;
  title: string;
  svg: string | null;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} data-chart={id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id={id} className="font-medium text-slate-900">
        {title}
      </h2>
      {svg && (
        // The SVG is the chart renderer's, every text in it escaped (lib/features/charts/render.ts; tests/charts/).
        <div className="mt-3 [&>svg]:h-auto [&>svg]:w-full" dangerouslySetInnerHTML={{ __html: svg }} />
      )}
      <div className="mt-3">{children}</div>
    </section>
  );
}
