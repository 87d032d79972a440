import { XMLParser, XMLValidator } from 'fast-xml-parser';

import { StatementRefused } from './refusal';

/**
 * An element as fast-xml-parser hands it over in document order (`preserveOrder`, a quarter less time than building
 * objects by name): `{ Name: [children…], ':@': { '@attribute': value } }`, text as `{ '#text': value }`. Read only
 * through the functions below.
 */
export type XmlNode = Record<string, unknown>;

/**
 * Entity and DTD processing off: `&amp;` and its four siblings and character references are decoded by `xmlText`
 * below, one value at a time, which expands nothing and reads no file or address. Values stay strings (no number
 * parsing: amounts are exact).
 */
const options = {
  processEntities: false,
  htmlEntities: false,
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  preserveOrder: true,
  // Callbacks get a matcher rather than a path string built for every element: a third less time on a large file.
  jPath: false,
  // Texts are trimmed one piece at a time by `textOf` below, where they are read: a sixth less time than the parser's
  // trimming of every text, whitespace between elements included.
  trimValues: false,
} as const;

/**
 * Elements kept as their raw text by the parse and parsed only when something reads inside them (`childrenOf`): what
 * a line needs only now and then (the amount details of a batch's transactions, the value date when the booking date
 * is missing). In a bank's file they are a third of an entry's elements.
 */
const lazyElements = new Set(['AmtDtls', 'ValDt']);

/**
 * Namespace prefixes are dropped (banks write `<Document>` and `<ns2:Document>` alike); resolving them costs an
 * eighth of the parse, so text without any is parsed without.
 */
const stopNodes = [...lazyElements].map((name) => `*.${name}`);
const parsers = {
  prefixed: new XMLParser({ ...options, removeNSPrefix: true, stopNodes }),
  plain: new XMLParser({ ...options, removeNSPrefix: false, stopNodes }),
};

/** Whether any element of the text has a namespace prefix. */
export const hasPrefixes = (text: string) => /<\/?[\w.-]+:/.test(text);

/**
 * What no statement needs and what makes XML dangerous is refused on sight, before any parser reads the text: a
 * document type declaration (external fetches, entity bombs) and entity declarations.
 */
export function refuseXmlDeclarations(text: string): void {
  if (/<!ENTITY/i.test(text)) throw new StatementRefused('xml_entity');
  if (/<!DOCTYPE/i.test(text)) throw new StatementRefused('xml_doctype');
}

/**
 * The whole text must be well formed, so a truncated download is refused rather than read as a shorter statement
 * (the parser below is lenient about unclosed elements), and what is cut from it before parsing is cut whole.
 */
export function refuseMalformedXml(text: string): void {
  if (XMLValidator.validate(text) !== true) throw new StatementRefused('xml_malformed');
}

/** Parses checked XML, or a piece of it that is whole elements (an entry): a node whose children are its top elements. */
export function parseXml(text: string, prefixed = true): XmlNode {
  return { '#document': (prefixed ? parsers.prefixed : parsers.plain).parse(text) as unknown };
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

/** A lazy element's children, parsed from its raw text on first need. */
const parsedLazily = new WeakMap<XmlNode, XmlNode[]>();

/** The element's children: the value of its one key that is not its attributes (`:@`). */
function childrenOf(node: unknown): XmlNode[] {
  if (!isNode(node)) return [];
  for (const key in node) {
    if (key === ':@') continue;
    const children = node[key];
    if (!Array.isArray(children)) return [];
    if (lazyElements.has(key)) return lazyChildren(node, children as XmlNode[]);
    return children as XmlNode[];
  }
  return [];
}

function lazyChildren(node: XmlNode, raw: XmlNode[]): XmlNode[] {
  let children = parsedLazily.get(node);
  if (!children) {
    const text = raw.map((piece) => piece['#text']).join('');
    children = /\S/.test(text) ? (parseXml(text, hasPrefixes(text))['#document'] as XmlNode[]) : [];
    parsedLazily.set(node, children);
  }
  return children;
}

function childNamed(node: unknown, name: string): XmlNode | undefined {
  for (const child of childrenOf(node)) if (Object.hasOwn(child, name)) return child;
  return undefined;
}

/** The child element at the end of `path`, the first of repeated ones. */
export function xmlChild(node: unknown, ...path: string[]): XmlNode | undefined {
  let current: XmlNode | undefined = isNode(node) ? node : undefined;
  for (const name of path) {
    current = childNamed(current, name);
    if (!current) return undefined;
  }
  return current;
}

/** Every child element named `name`, in order. */
export function xmlChildren(node: unknown, name: string): XmlNode[] {
  return childrenOf(node).filter((child) => Object.hasOwn(child, name));
}

/** The text of the element at the end of `path` (of its first occurrence when repeated), decoded; null when absent. */
export function xmlText(node: unknown, ...path: string[]): string | null {
  return textOf(xmlChild(node, ...path));
}

/** The texts of every child element named `name`. */
export function xmlTexts(node: unknown, name: string): string[] {
  return xmlChildren(node, name)
    .map(textOf)
    .filter((text): text is string => text !== null);
}

/** An element's text (its text and CDATA pieces joined), decoded; null when it has none. */
function textOf(node: XmlNode | undefined): string | null {
  let text = '';
  for (const child of childrenOf(node)) {
    const piece = child['#text'];
    if (typeof piece === 'string') text += piece.trim();
  }
  return text === '' ? null : decodeReferences(text);
}

/** An attribute of the element at the end of `path`. */
export function xmlAttribute(node: unknown, attribute: string, ...path: string[]): string | null {
  const attributes = xmlChild(node, ...path)?.[':@'];
  const value = isNode(attributes) ? attributes[`@${attribute}`] : undefined;
  return typeof value === 'string' ? value : null;
}
