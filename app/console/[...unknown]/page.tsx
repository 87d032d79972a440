import { notFound } from 'next/navigation';

/**
 * Any console address without a page of its own: the console's not-found page (app/console/not-found.tsx), in the
 * console's words and frame, rather than the company pages' "continue with the list of companies".
 */
export default function UnknownConsolePage(): never {
  notFound();
}
