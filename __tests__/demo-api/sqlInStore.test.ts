/**
 * Issue 13 point 5: SQL lives only in the demo API's store (src/demo-api/store), so every query and the
 * tables it touches are found in one place. The other modules are parsed, so comments may still speak of
 * SQL; their string literals, templates and calls may not.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const DEMO_API = path.resolve(__dirname, '../../src/demo-api');
const STORE = path.join(DEMO_API, 'store');

// Statement shapes, in upper case as all of the store's SQL is written. DROP is left out on purpose: the
// fixtures' injection probes ("'; DROP TABLE products; --") are data that must reach the pages, not queries.
const SQL_STATEMENT =
  /\b(SELECT\b[\s\S]*\bFROM|INSERT\s+(OR\s+[A-Z]+\s+)?INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM|CREATE\s+(TABLE|INDEX)|PRAGMA)\b/;
// better-sqlite3's ways to run SQL, and DemoDb's statement cache. A regular expression's own exec() is not SQL.
const SQL_CALLS = new Set(['prepare', 'stmt', 'exec', 'pragma']);

/** Every place a module runs or holds SQL, as "file:line: what". */
function sqlFindings(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const report = (node: ts.Node, what: string) =>
    found.push(`${fileName}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${what}`);
  const visit = (node: ts.Node): void => {
    const text = ts.isStringLiteralLike(node)
      ? node.text
      : ts.isTemplateExpression(node)
        ? [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ? ')
        : null;
    if (text !== null && SQL_STATEMENT.test(text)) report(node, `SQL in a string: ${text.slice(0, 60)}`);
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      SQL_CALLS.has(node.expression.name.text) &&
      !ts.isRegularExpressionLiteral(node.expression.expression)
    )
      report(node, `.${node.expression.name.text}() call`);
    if (
      ts.isImportDeclaration(node) &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      node.moduleSpecifier.text === 'better-sqlite3'
    )
      report(node, 'imports better-sqlite3');
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function demoApiFiles(dir: string = DEMO_API): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return demoApiFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

const findingsIn = (files: string[]) =>
  files.flatMap((file) => sqlFindings(path.relative(DEMO_API, file), fs.readFileSync(file, 'utf8')));

describe('SQL lives only in the demo API’s store', () => {
  const files = demoApiFiles();
  const inStore = (file: string) => file.startsWith(STORE + path.sep);

  it('no module outside src/demo-api/store runs SQL or holds a query', () => {
    const outside = files.filter((file) => !inStore(file));
    expect(outside.length).toBeGreaterThan(20);
    expect(findingsIn(outside)).toEqual([]);
  });

  it('finds the store’s own queries (the scan sees real source)', () => {
    const store = findingsIn(files.filter(inStore));
    expect(store.some((finding) => finding.includes('SQL in a string: SELECT'))).toBe(true);
    expect(store.some((finding) => finding.endsWith('.stmt() call'))).toBe(true);
  });

  it('fails on a query written in a route, and leaves comments, data and RegExp#exec alone', () => {
    const route = [
      "import Database from 'better-sqlite3';",
      '// A comment may say SELECT data FROM receipts.',
      'const hostile = "\'; DROP TABLE products; --";',
      'const pair = /^(\\d+)\\/(\\d+)$/.exec(raw);',
      "const row = ctx.db.stmt('SELECT shop_id FROM receipts WHERE receipt_id = ?').get(id);",
      'ctx.db.sql.exec(`UPDATE stock SET count = ${count}`);',
    ].join('\n');
    expect(sqlFindings('route.ts', route)).toEqual([
      'route.ts:1: imports better-sqlite3',
      'route.ts:5: .stmt() call',
      'route.ts:5: SQL in a string: SELECT shop_id FROM receipts WHERE receipt_id = ?',
      'route.ts:6: .exec() call',
      'route.ts:6: SQL in a string: UPDATE stock SET count =  ? ',
    ]);
  });
});
