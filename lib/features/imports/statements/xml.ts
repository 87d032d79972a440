import { XMLValidator } from 'fast-xml-parser';

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

/** Whether any element of the text has a namespace prefix. */
export const hasPrefixes = (text: string) => /<\/?[\w.-]+:/.test(text);

/**
 * What no statement needs and what makes XML dangerous is refused on sight, before anything reads the text: a
 * document type declaration (external fetches, entity bombs) and entity declarations.
 */
export function refuseXmlDeclarations(text: string): void {
  if (/<!ENTITY/i.test(text)) throw new StatementRefused('xml_entity');
  if (/<!DOCTYPE/i.test(text)) throw new StatementRefused('xml_doctype');
}

/**
 * The whole text must be well formed (fast-xml-parser's validator), so a truncated download is refused rather than
 * read as a shorter statement, and what is cut from it before reading is cut whole.
 */
export function refuseMalformedXml(text: string): void {
  if (XMLValidator.validate(text) !== true) throw new StatementRefused('xml_malformed');
}

/**
 * One piece of markup at a `<` of checked text: a start or empty-element tag (name, attributes), an end tag, a
 * comment, a CDATA section (its content) or a processing instruction. Attribute values are quoted and hold no `<`,
 * so a `>` in one does not end its tag.
 */
const markup =
  /<(?:(\/)?([^\s/>!?]+)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/)?>|!--[\s\S]*?-->|!\[CDATA\[([\s\S]*?)\]\]>|\?[\s\S]*?\?>)/y;
const attributePattern = /([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/**
 * Reads checked XML, or a piece of it that is whole elements (entries): a `#document` node whose children are its top
 * elements. The text must be (a piece of) what `refuseMalformedXml` passed and `refuseXmlDeclarations` let through:
 * well formed, without a DTD. That is all this reader relies on, and it checks nothing itself but that every `<`
 * begins markup: a general parser's checks, paid again per element, were most of reading a large statement. Nothing
 * is expanded: texts and attribute values are kept as written, and the five predefined entities and character
 * references are decoded where a text is read (`xmlText`). Namespace prefixes are dropped from names when
 * `prefixed` (banks write `<Document>` and `<ns2:Document>` alike), and namespace declarations with them.
 */
export function readCheckedXml(text: string, prefixed = true): XmlNode {
  const top: XmlNode[] = [];
  const open: XmlNode[][] = [top];
  let children = top;
  let at = 0;
  while (at < text.length) {
    const lt = text.indexOf('<', at);
    const end = lt === -1 ? text.length : lt;
    // Whitespace between elements is no element's text (textOf trims every piece): not kept.
    if (end > at) {
      const piece = text.slice(at, end);
      if (piece.trim() !== '') children.push(new XmlNode(TEXT, [], null, piece));
    }
    if (lt === -1) break;
    markup.lastIndex = lt;
    const found = markup.exec(text);
    if (!found) throw new StatementRefused('xml_malformed');
    at = markup.lastIndex;
    const [, closing, rawName, attributes, empty, cdata] = found;
    if (rawName === undefined) {
      if (cdata !== undefined && cdata !== '') children.push(new XmlNode(TEXT, [], null, cdata));
      continue;
    }
    if (closing) {
      if (open.length > 1) open.pop();
      children = open[open.length - 1]!;
      continue;
    }
    const own: XmlNode[] = [];
    children.push(
      new XmlNode(prefixed ? localName(rawName) : rawName, own, attributes ? attributesOf(attributes, prefixed) : null),
    );
    if (!empty) {
      open.push(own);
      children = own;
    }
  }
  return new XmlNode('#document', top);
}

function attributesOf(written: string, prefixed: boolean): Record<string, string> | null {
  let values: Record<string, string> | null = null;
  for (const [, attribute, double, single] of written.matchAll(attributePattern)) {
    if (prefixed && (attribute === 'xmlns' || attribute!.startsWith('xmlns:'))) continue;
    values ??= {};
    values[prefixed ? localName(attribute!) : attribute!] = double ?? single ?? '';
  }
  return values;
}

const predefined: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The five predefined entities and numeric character references; anything else is left as written. */
function decodeReferences(value: string): string {
  if (!value.includes('&')) return value;
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return predefined[name] ?? whole;
  });
}

const childrenOf = (node: XmlNode | undefined): readonly XmlNode[] => node?.children ?? [];

function childNamed(node: XmlNode | undefined, name: string): XmlNode | undefined {
  for (const child of childrenOf(node)) if (child.name === name) return child;
  return undefined;
}

/** The child element at the end of `path`, the first of repeated ones. */
export function xmlChild(node: XmlNode | undefined, ...path: string[]): XmlNode | undefined {
  let current = node;
  for (const name of path) {
    current = childNamed(current, name);
    if (!current) return undefined;
  }
  return current;
}

/** Every child element named `name`, in order. */
export function xmlChildren(node: XmlNode | undefined, name: string): XmlNode[] {
  return childrenOf(node).filter((child) => child.name === name);
}

/** The text of the element at the end of `path` (of its first occurrence when repeated), decoded; null when absent. */
export function xmlText(node: XmlNode | undefined, ...path: string[]): string | null {
  return textOf(xmlChild(node, ...path));
}

/** The texts of every child element named `name`. */
export function xmlTexts(node: XmlNode | undefined, name: string): string[] {
  return xmlChildren(node, name)
    .map(textOf)
    .filter((text): text is string => text !== null);
}

/** An element's text (its text and CDATA pieces, each trimmed, joined), decoded; null when it has none. */
function textOf(node: XmlNode | undefined): string | null {
  let text = '';
  for (const child of childrenOf(node)) if (child.text !== null) text += child.text.trim();
  return text === '' ? null : decodeReferences(text);
}

/** An attribute of the element at the end of `path`. */
export function xmlAttribute(node: XmlNode | undefined, attribute: string, ...path: string[]): string | null {
  return xmlChild(node, ...path)?.attributes?.[attribute] ?? null;
}
