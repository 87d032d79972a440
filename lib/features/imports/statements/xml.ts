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

/** How a text is read into a tree. */
export type XmlReading = {
  /** Elements (local names) left out with everything in them: what no line needs costs nothing but the parsing. */
  skip: ReadonlySet<string>;
  /**
   * An element (local name) handed to `onElement` as it closes, with its ancestors (outermost first), and then
   * dropped from the tree: a statement's entries are read one at a time and memory stays flat.
   */
  emit: string;
  onElement: (element: XmlNode, ancestors: readonly XmlNode[]) => void;
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

/**
 * Reads a whole XML text with saxes, a well-kept non-validating parser that checks well-formedness as it goes (a
 * truncated download is refused, not read as a shorter statement), decodes the predefined entities and character
 * references, expands nothing else (an undefined entity is an error) and refuses a DTD here. Names lose their namespace
 * prefix (banks write `<Document>` and `<ns2:Document>` alike), namespace declarations are dropped, and texts are kept
 * as strings (amounts stay exact). Answers the `#document` node with what was neither skipped nor emitted.
 */
export function readXml(text: string, reading: XmlReading): XmlNode {
  const parser = new SaxesParser({ position: false });
  const documentNode = new XmlNode('#document', []);
  const open: XmlNode[] = [documentNode];
  let skipping = 0;
  parser.on('doctype', () => {
    throw new StatementRefused('xml_doctype');
  });
  parser.on('error', () => {
    throw new StatementRefused('xml_malformed');
  });
  parser.on('opentag', (tag) => {
    if (skipping > 0) {
      skipping += tag.isSelfClosing ? 0 : 1;
      return;
    }
    const name = localName(tag.name);
    if (reading.skip.has(name)) {
      skipping = tag.isSelfClosing ? 0 : 1;
      return;
    }
    const element = new XmlNode(name, [], attributesOf(tag.attributes as Record<string, string>));
    open[open.length - 1]!.children.push(element);
    open.push(element);
  });
  parser.on('closetag', (tag) => {
    if (skipping > 0) {
      if (!tag.isSelfClosing) skipping -= 1;
      return;
    }
    if (reading.skip.has(localName(tag.name))) return; // a skipped element that closed itself
    const element = open.pop()!;
    if (element.name !== reading.emit) return;
    const parent = open[open.length - 1]!;
    parent.children.pop();
    reading.onElement(element, open);
  });
  const addText = (piece: string) => {
    // Whitespace between elements is no element's text (textOf trims every piece): not kept.
    if (skipping === 0 && open.length > 1 && piece.trim() !== '') {
      open[open.length - 1]!.children.push(new XmlNode(TEXT, [], null, piece));
    }
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
