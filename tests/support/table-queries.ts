import { dirname, join, normalize } from 'node:path';

import ts from 'typescript';

import { sourceOf } from './source-files';

/** A table as the schema declares it: the name its drizzle object is exported under, and its name in SQL. */
export type Table = { exportName: string; sqlName: string };

/**
 * One place a module reaches a table: how, as the test reports it ("imports sessions", "sql: delete from sessions"),
 * and whether it writes: inserts, updates or deletes rows (drizzle's `.insert/.update/.delete(table)`, SQL's
 * INSERT INTO, UPDATE, DELETE FROM, TRUNCATE) or changes the table itself (`… table x`). Anything else reads.
 */
export type TableUse = { how: string; writes: boolean };

/** Per table (its SQL name), each place a module reaches it. */
export type TableUses = Map<string, TableUse[]>;

const SCHEMA = 'lib/platform/db/schema';

/** The words SQL names a table after (`delete from sessions`, `join sessions s`, `insert into`, `update`, `truncate`). */
const SQL_BEFORE_TABLE = String.raw`\b(delete\s+from|from|join|into|update|table|truncate)\s+(?:only\s+)?(?:"?public"?\.)?`;

/** Of those words, the ones that write: only `from` (a select's, not a delete's) and `join` read. */
const SQL_READS = /^(?:from|join)$/i;

/** Drizzle's builders that write the table they are given: `db.insert(t)`, `tx.update(t)`, `db.delete(t)`. */
const DRIZZLE_WRITES = new Set(['insert', 'update', 'delete']);

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
 * update|delete from|table|truncate` + its SQL name). Each use says whether it writes (TableUse): a drizzle object
 * handed to `.insert/.update/.delete` (under its imported name, a namespace's, or a local alias: `const d = table`),
 * or SQL naming it after a writing word. Handing the whole schema on (`export *`, a run-time import) counts as a
 * write of every table: what the receiver does with it is not seen here.
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
  const note = (sqlName: string, how: string, writes = false) =>
    uses.set(sqlName, [...(uses.get(sqlName) ?? []), { how, writes }]);
  const namespaces = new Set<string>();
  /** The local names bound to a table's drizzle object: imported ones, and aliases (`const d = mirrorDocuments`). */
  const locals = new Map<string, string>();

  /** The table an expression stands for: a local name bound to one, or a namespace's member (`schema.sessions`). */
  const tableOf = (node: ts.Expression): string | undefined => {
    if (ts.isIdentifier(node)) return locals.get(node.text);
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && namespaces.has(node.expression.text))
      return byExport.get(node.name.text);
    return undefined;
  };

  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      if (ts.isStringLiteral(node.moduleSpecifier) && isSchema(node.moduleSpecifier.text, path)) {
        const bindings = ts.isImportDeclaration(node) ? node.importClause?.namedBindings : node.exportClause;
        // `export * from` and `export * as x from` hand every table on; a bare `import '…'` takes none.
        if (bindings === undefined ? ts.isExportDeclaration(node) : ts.isNamespaceExport(bindings))
          tables.forEach((table) => note(table.sqlName, 're-exports the schema', true));
        else if (bindings && ts.isNamespaceImport(bindings)) namespaces.add(bindings.name.text);
        else if (bindings && !ts.isNamespaceExport(bindings))
          for (const element of bindings.elements) {
            const name = (element.propertyName ?? element.name).text;
            const sqlName = byExport.get(name);
            if (!sqlName) continue;
            note(sqlName, `imports ${name}`);
            if (ts.isImportDeclaration(node)) locals.set(element.name.text, sqlName);
          }
      }
      return;
    }
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [specifier] = node.arguments;
      if (specifier && ts.isStringLiteral(specifier) && isSchema(specifier.text, path))
        tables.forEach((table) => note(table.sqlName, 'imports the schema at run time', true));
    }
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      const sqlName = tableOf(node.initializer);
      if (sqlName) locals.set(node.name.text, sqlName);
    }
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const builder = node.expression.name.text;
      const [target] = node.arguments;
      const sqlName = target && DRIZZLE_WRITES.has(builder) ? tableOf(target) : undefined;
      if (sqlName) note(sqlName, `writes .${builder}(${target!.getText(file)})`, true);
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
    if (text !== null)
      for (const match of text.matchAll(inSql))
        note(match[2]!.toLowerCase(), `sql: ${match[0]}`, !SQL_READS.test(match[1]!));
    ts.forEachChild(node, visit);
  };
  // Imports first, so a namespace or an imported table is known wherever it is used.
  file.statements.filter((statement) => ts.isImportDeclaration(statement)).forEach(visit);
  file.statements.filter((statement) => !ts.isImportDeclaration(statement)).forEach(visit);
  return uses;
}
