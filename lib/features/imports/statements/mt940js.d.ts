// mt940js has no types of its own: what the MT940 reader uses of it (lib/parser.js, lib/tags.js).
declare module 'mt940js' {
  export type Mt940Tag = { id: number | string; data: string };
  export type Mt940Transaction = {
    /** Content of the :86: that follows the :61:, its lines joined by '\n'. */
    details: string;
    /** The :86: sub-fields when it is structured (`?20…`, `>20…` or `/TAG/…`), by sub-field. */
    structuredDetails?: Record<string, string>;
  };
  export type Mt940Statement = {
    accountIdentification: string;
    currency: string;
    transactions: Mt940Transaction[];
    /** With `parse(text, true)`: the statement's tags in file order. */
    tags?: Mt940Tag[];
  };
  export class Parser {
    constructor(options?: { no86Structure?: boolean });
    parse(data: string, withTags?: boolean): Mt940Statement[];
  }
  const mt940js: { Parser: typeof Parser };
  export default mt940js;
}
