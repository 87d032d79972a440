import { SaxesParser } from 'saxes';

import { StatementRefused } from './refusal';

/**
 * An element of a statement's XML in document order: its local name, its children (elements and text pieces, whose
 * name is `#text`), its attributes, and a text piece's text as written. Read only through the functions below.
 */
export class XmlNode {
  constructor(
    readonly name: string,
    readonly children: XmlNode[],
    readonly attributes: Readonly<Record<string, string>> | null = null,
    readonly text: string | null = null,
  ) {}
}

const TEXT = '#text';

/**
 * What no statement needs and what makes XML dangerous is refused on sight, before anything reads the text: a
 * document type declaration (external fetches, entity bombs) and entity declarations. (The parser refuses a DTD too,
 * and never expands an entity it was not born with.)
 */
export function refuseXmlDeclarations(text: string): void {
  if (/<!ENTITY/i.test(text)) throw new StatementRefused('xml_entity');
  if (/<!DOCTYPE/i.test(text)) throw new StatementRefused('xml_doctype');
}

/**
 * What one statement's XML may ask of the reader (issue 30). A bank's file is a few levels deep and has some 50 000
 * elements per MB (45 an entry); a hostile one of 20 MB can nest a million levels or hold four million elements, and
 * a tree of them took a gigabyte and blocked the instance for seconds. Past any bound the file is refused as
 * `xml_malformed`, as it is read: nothing beyond the bound is parsed or kept.
 */
export type XmlLimits = {
  /** Elements open at once, kept or not (the parser stacks every open one). camt.053 nests 12 at most. */
  maxDepth: number;
  /**
   * Elements and attributes in the whole file, kept or not: the parser's work. A bank's 20 MB file (the most an upload
   * may be) has about a million; twice that leaves room for banks that write more per entry.
   */
  maxElements: number;
  /**
   * Nodes (elements and text pieces) kept at once: the statement's own and the entry being read. An entry keeps about
   * 35; a batch entry of a few thousand transactions (a card settlement) some 100 000.
   */
  maxKeptNodes: number;
  /** Characters of text in one kept element: ISO 20022's longest text here is 500 (Max500Text); banks overstep a bit. */
  maxTextLength: number;
};

export const xmlLimits: XmlLimits = {
  maxDepth: 64,
  maxElements: 2_000_000,
  maxKeptNodes: 200_000,
  maxTextLength: 10_000,
};

/** How a text is read into a tree. */
export type XmlReading = {
  /**
   * Elements (local names) kept when their parent is: what a line needs. Any other element is left out with everything
   * in it (it costs only the parsing), so the tree holds nothing a hostile file adds elsewhere.
   */
  keep: ReadonlySet<string>;
  /**
   * An element (local name) handed to `onElement` as it closes, with its ancestors (outermost first), and then
   * dropped from the tree: a statement's entries are read one at a time and memory stays flat.
   */
  emit: string;
  onElement: (element: XmlNode, ancestors: readonly XmlNode[]) => void;
  /** The bounds (xmlLimits unless a test asks for smaller ones). */
  limits?: XmlLimits;
};

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

function attributesOf(written: Record<string, string>): Record<string, string> | null {
  let values: Record<string, string> | null = null;
  for (const [name, value] of Object.entries(written)) {
    if (name === 'xmlns' || name.startsWith('xmlns:')) continue;
    values ??= {};
    values[localName(name)] = value;
  }
  return values;
}

const overLimit = () => new StatementRefused('xml_malformed');

/**
 * Reads a whole XML text with saxes, a well-kept non-validating parser that checks well-formedness as it goes (a
 * truncated download is refused, not read as a shorter statement), decodes the predefined entities and character
 * references, expands nothing else (an undefined entity is an error) and refuses a DTD here. Names lose their namespace
 * prefix (banks write `<Document>` and `<ns2:Document>` alike), namespace declarations are dropped, and texts are kept
 * as strings (amounts stay exact). Answers the `#document` node with what was kept and not emitted. Bounded by
 * `reading.limits`: a file past them is refused as `xml_malformed` the moment it passes one.
 */
export function readXml(text: string, reading: XmlReading): XmlNode {
  const limits = reading.limits ?? xmlLimits;
  const parser = new SaxesParser({ position: false });
  const documentNode = new XmlNode('#document', []);
  // The kept elements open now, and for each how many nodes were kept before it and how much text it holds so far.
  // (Indexed by the element's place in `open`, which is never deeper than the limit.)
  const open: XmlNode[] = [documentNode];
  const keptBefore = new Float64Array(limits.maxDepth + 2);
  const textLength = new Float64Array(limits.maxDepth + 2);
  let kept = 0;
  let depth = 0;
  let elements = 0;
  // Open elements left out (the first of them and everything in it).
  let skipping = 0;
  parser.on('doctype', () => {
    throw new StatementRefused('xml_doctype');
  });
  parser.on('error', () => {
    throw new StatementRefused('xml_malformed');
  });
  // Attributes are counted as the parser meets them, before it builds an element of a million of them.
  parser.on('attribute', () => {
    elements += 1;
    if (elements > limits.maxElements) throw overLimit();
  });
  // An element is counted as it opens, before the parser reads what is in it.
  parser.on('opentag', (tag) => {
    depth += 1;
    elements += 1;
    if (depth > limits.maxDepth || elements > limits.maxElements) throw overLimit();
    const name = skipping > 0 ? '' : localName(tag.name);
    if (skipping > 0 || !reading.keep.has(name)) {
      skipping += 1;
      return;
    }
    kept += 1;
    if (kept > limits.maxKeptNodes) throw overLimit();
    const element = new XmlNode(name, [], attributesOf(tag.attributes as Record<string, string>));
    open[open.length - 1]!.children.push(element);
    keptBefore[open.length] = kept - 1;
    textLength[open.length] = 0;
    open.push(element);
  });
  // Also called for an element that closed itself (`<a/>`), after its opentag.
  parser.on('closetag', () => {
    depth -= 1;
    if (skipping > 0) {
      skipping -= 1;
      return;
    }
    const element = open.pop()!;
    if (element.name !== reading.emit) return;
    open[open.length - 1]!.children.pop();
    kept = keptBefore[open.length]!; // the element and everything in it are let go
    reading.onElement(element, open);
  });
  const addText = (piece: string) => {
    // Whitespace between elements is no element's text (textOf trims every piece): not kept.
    if (skipping > 0 || open.length === 1 || piece.trim() === '') return;
    const at = open.length - 1;
    const length = textLength[at]! + piece.length;
    textLength[at] = length;
    kept += 1;
    if (length > limits.maxTextLength || kept > limits.maxKeptNodes) throw overLimit();
    open[open.length - 1]!.children.push(new XmlNode(TEXT, [], null, piece));
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.write(text).close();
  return documentNode;
}

const childrenOf = (node: XmlNode | undefined): readonly XmlNode[] => node?.children ?? [];

function childNamed(node: XmlNode | undefined, name: string): XmlNode | undefined {
  if (!node) return undefined;
  const { children } = node;
  for (let at = 0; at < children.length; at += 1) if (children[at]!.name === name) return children[at];
  return undefined;
}

/**
 * The child element at the end of the path (one to four names), the first of repeated ones. Names as parameters, not
 * a rest array: a statement's lines make hundreds of thousands of these calls.
 */
export function xmlChild(
  node: XmlNode | undefined,
  first: string,
  second?: string,
  third?: string,
  fourth?: string,
): XmlNode | undefined {
  let current = childNamed(node, first);
  if (second === undefined || !current) return current;
  current = childNamed(current, second);
  if (third === undefined || !current) return current;
  current = childNamed(current, third);
  if (fourth === undefined || !current) return current;
  return childNamed(current, fourth);
}

/** Every child element named `name`, in order. */
export function xmlChildren(node: XmlNode | undefined, name: string): XmlNode[] {
  return childrenOf(node).filter((child) => child.name === name);
}

/** The text of the element at the end of the path (of its first occurrence when repeated); null when absent. */
export function xmlText(
  node: XmlNode | undefined,
  first: string,
  second?: string,
  third?: string,
  fourth?: string,
): string | null {
  return textOf(xmlChild(node, first, second, third, fourth));
}

/** The texts of every child element named `name`. */
export function xmlTexts(node: XmlNode | undefined, name: string): string[] {
  return xmlChildren(node, name)
    .map(textOf)
    .filter((text): text is string => text !== null);
}

/** An element's text (its text and CDATA pieces, each trimmed, joined); null when it has none. */
function textOf(node: XmlNode | undefined): string | null {
  let text = '';
  for (const child of childrenOf(node)) if (child.text !== null) text += child.text.trim();
  return text === '' ? null : text;
}

/** An attribute of `node`, or of the element at the end of the path below it. */
export function xmlAttribute(
  node: XmlNode | undefined,
  attribute: string,
  first?: string,
  second?: string,
): string | null {
  const element = first === undefined ? node : xmlChild(node, first, second);
  return element?.attributes?.[attribute] ?? null;
}
