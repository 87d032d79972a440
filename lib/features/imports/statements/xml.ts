import { XMLParser, XMLValidator } from 'fast-xml-parser';

import { StatementRefused } from './refusal';

/** An element as fast-xml-parser hands it over: text, or an object of children and `@attributes`. */
export type XmlNode = Record<string, unknown>;

/** Elements a statement may repeat: always arrays, so one entry and many read alike. */
const repeated = new Set(['Stmt', 'EntryAt', 'NtryDtls', 'TxDtls', 'Ustrd', 'Strd', 'CdtrRefInf']);

/**
 * Entity and DTD processing off: `&amp;` and its four siblings and character references are decoded by `xmlText`
 * below, one value at a time, which expands nothing and reads no file or address. Values stay strings (no number
 * parsing: amounts are exact), namespace prefixes are dropped (banks write `<Document>` and `<ns2:Document>` alike).
 */
const parser = new XMLParser({
  processEntities: false,
  htmlEntities: false,
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  isArray: (name) => repeated.has(name),
  // Callbacks get a matcher rather than a path string built for every element: a third less time on a large file.
  jPath: false,
});

/**
 * What no statement needs and what makes XML dangerous is refused on sight, before any parser reads the text: a
 * document type declaration (external fetches, entity bombs) and entity declarations. Then the whole text must be
 * well formed, so a truncated download is refused rather than read as a shorter statement (the parser below is
 * lenient about unclosed elements).
 */
export function checkStatementXml(text: string): void {
  if (/<!ENTITY/i.test(text)) throw new StatementRefused('xml_entity');
  if (/<!DOCTYPE/i.test(text)) throw new StatementRefused('xml_doctype');
  if (XMLValidator.validate(text) !== true) throw new StatementRefused('xml_malformed');
}

/** Parses checked XML, or a piece of it that is whole elements (an entry). */
export function parseXml(text: string): XmlNode {
  return parser.parse(text) as XmlNode;
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

const isNode = (value: unknown): value is XmlNode => typeof value === 'object' && value !== null;

/** The child element at the end of `path`, the first of repeated ones. */
export function xmlChild(node: unknown, ...path: string[]): XmlNode | undefined {
  let current: unknown = node;
  for (const name of path) {
    if (!isNode(current)) return undefined;
    current = current[name];
    if (Array.isArray(current)) current = current[0];
  }
  return isNode(current) ? current : undefined;
}

/** Every repeated child named `name`. */
export function xmlChildren(node: unknown, name: string): XmlNode[] {
  if (!isNode(node)) return [];
  const value = node[name];
  const list: unknown[] = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list.filter(isNode);
}

/** The text of the element at the end of `path` (of its first occurrence when repeated), decoded; null when absent. */
export function xmlText(node: unknown, ...path: string[]): string | null {
  let current: unknown = node;
  for (const name of path) {
    if (!isNode(current)) return null;
    current = current[name];
    if (Array.isArray(current)) current = current[0];
  }
  return textOf(current);
}

/** The texts of every repeated element named `name`. */
export function xmlTexts(node: unknown, name: string): string[] {
  if (!isNode(node)) return [];
  const value = node[name];
  const list: unknown[] = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list.map(textOf).filter((text): text is string => text !== null);
}

function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value === '' ? null : decodeReferences(value);
  if (isNode(value) && typeof value['#text'] === 'string') return decodeReferences(value['#text']);
  return null;
}

/** An attribute of the element at the end of `path`. */
export function xmlAttribute(node: unknown, attribute: string, ...path: string[]): string | null {
  const element = xmlChild(node, ...path);
  const value = element?.[`@${attribute}`];
  return typeof value === 'string' ? value : null;
}
