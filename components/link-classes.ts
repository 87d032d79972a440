/** A link inside text or a table cell, and the same with the weight of a standalone link. Safe in client components. */
export const plainLinkClass = 'text-brand-700 hover:underline focus-ring';
export const linkClass = `font-medium ${plainLinkClass}`;
