import { dirname, join, normalize } from 'node:path';

import ts from 'typescript';

import { sourceOf } from './source-files';

/** A table as the schema declares it: the name its drizzle object is exported under, and its name in SQL. */
export type Table = { exportName: string; sqlName: string };

/** Where a module reaches a table, as the test reports it ("imports sessions", "sql: delete from sessions"). */
export type TableUses = Map<string, string[]>;

const SCHEMA = 'lib/platform/db/schema';

/** The words SQL names a table after (`delete from sessions`, `join sessions s`, `insert into`, `update`, `truncate`). */
const SQL_BEFORE_TABLE = String.raw`\b(?:delete\s+from|from|join|into|update|table|truncate)\s+(?:only\s+)?(?:"?public"?\.)?`;

function isSchema(specifier: string, path: string): boolean {
  const target = specifier.startsWith('@/')
    ? specifier.slice(2)
    : specifier.startsWith('.')
      ? normalize(join(dirname(path), specifier))
      : null;
  return target?.replace(/\.ts$/, '') === SCHEMA;
}

/** The literal text of a string or template (a template's `${…}` parts stand as a gap), or null for other nodes. */
function literalText(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node))
    return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ${} ');
  return null;
}

/**
 * The tables a module queries, read from its syntax (so comments and the words of a page never count): it imports a
 * table's drizzle object from the schema (by name, or through a namespace: `schema.sessions`), asks drizzle's
 * relational API for it (`db.query.sessions`), or names it in SQL inside a string or template (`from|join|into|
 * update|delete from|table|truncate` + its SQL name).
 */
export function tablesQueriedIn(path: string, tables: readonly Table[], source = sourceOf(path)): TableUses {
  const kind = path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, true, kind);
  const byExport = new Map(tables.map((table) => [table.exportName, table.sqlName]));
  const inSql = new RegExp(
    `${SQL_BEFORE_TABLE}"?(${tables.map((table) => table.sqlName).join('|')})"?(?![\\w$])`,
    'gi',
  );
  const uses: TableUses = new Map();
  const note = (sqlName: string, how: string) => uses.set(sqlName, [...(uses.get(sqlName) ?? []), how]);
  const namespaces = new Set<string>();

  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      if (ts.isStringLiteral(node.moduleSpecifier) && isSchema(node.moduleSpecifier.text, path)) {
        const bindings = ts.isImportDeclaration(node) ? node.importClause?.namedBindings : node.exportClause;
        // `export * from` and `export * as x from` hand every table on; a bare `import '…'` takes none.
        if (bindings === undefined ? ts.isExportDeclaration(node) : ts.isNamespaceExport(bindings))
          tables.forEach((table) => note(table.sqlName, 're-exports the schema'));
        else if (bindings && ts.isNamespaceImport(bindings)) namespaces.add(bindings.name.text);
        else if (bindings && !ts.isNamespaceExport(bindings))
          for (const element of bindings.elements) {
            const name = (element.propertyName ?? element.name).text;
            const sqlName = byExport.get(name);
            if (sqlName) note(sqlName, `imports ${name}`);
          }
      }
      return;
    }
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [specifier] = node.arguments;
      if (specifier && ts.isStringLiteral(specifier) && isSchema(specifier.text, path))
        tables.forEach((table) => note(table.sqlName, 'imports the schema at run time'));
    }
    if (ts.isPropertyAccessExpression(node)) {
      const sqlName = byExport.get(node.name.text);
      const owner = node.expression;
      if (sqlName && ts.isIdentifier(owner) && namespaces.has(owner.text))
        note(sqlName, `uses ${owner.text}.${node.name.text}`);
      if (sqlName && ts.isPropertyAccessExpression(owner) && owner.name.text === 'query')
        note(sqlName, `uses query.${node.name.text}`);
    }
    const text = literalText(node);
    if (text !== null) for (const match of text.matchAll(inSql)) note(match[1]!.toLowerCase(), `sql: ${match[0]}`);
    ts.forEachChild(node, visit);
  };
  // Imports first, so a namespace is known wherever it is used.
  file.statements.filter((statement) => ts.isImportDeclaration(statement)).forEach(visit);
  file.statements.filter((statement) => !ts.isImportDeclaration(statement)).forEach(visit);
  return uses;
}
