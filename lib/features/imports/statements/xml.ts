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

const SLASH = 47;
const BANG = 33;
const QUESTION = 63;

/** Whether text[from, to) is only XML whitespace. */
function isBlank(text: string, from: number, to: number): boolean {
  for (let at = from; at < to; at += 1) {
    const code = text.charCodeAt(at);
    if (code !== 32 && code !== 10 && code !== 13 && code !== 9) return false;
  }
  return true;
}

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
    if (end > at && !isBlank(text, at, end)) children.push(new XmlNode(TEXT, [], null, text.slice(at, end)));
    if (lt === -1) break;
    // The common tags without a regular expression: an end tag, and a start tag without attributes.
    const next = text.charCodeAt(lt + 1);
    if (next === SLASH) {
      const gt = text.indexOf('>', lt);
      if (gt === -1) throw new StatementRefused('xml_malformed');
      at = gt + 1;
      if (open.length > 1) open.pop();
      children = open[open.length - 1]!;
      continue;
    }
    if (next !== BANG && next !== QUESTION) {
      const gt = text.indexOf('>', lt);
      if (gt === -1) throw new StatementRefused('xml_malformed');
      const tag = text.slice(lt + 1, gt);
      if (!/[\s"'/]/.test(tag)) {
        at = gt + 1;
        const own: XmlNode[] = [];
        children.push(new XmlNode(prefixed ? localName(tag) : tag, own));
        open.push(own);
        children = own;
        continue;
      }
    }
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

/** The text of the element at the end of the path (of its first occurrence when repeated), decoded; null when absent. */
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

/** An element's text (its text and CDATA pieces, each trimmed, joined), decoded; null when it has none. */
function textOf(node: XmlNode | undefined): string | null {
  let text = '';
  for (const child of childrenOf(node)) if (child.text !== null) text += child.text.trim();
  return text === '' ? null : decodeReferences(text);
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
