/**
 * Shared events (docs/architecture.md, "Features"): an action that the slices of more than one feature
 * answer is declared once, in src/shared/events.ts, below every feature. ESLint keeps a slice from importing
 * another feature (__tests__/lint/featureRules.test.ts), so a slice answers only its own actions and these;
 * this test keeps the rest: no action type is declared twice (a slice that declared another feature's event
 * again would get around that rule), and each event in the module is one that slices of more than one
 * feature answer, besides the page's signals, which sagas take.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import * as events from '../../src/shared/events';

const SRC = path.resolve(__dirname, '..', '..', 'src');
const EVENTS = path.join(SRC, 'shared', 'events.ts');

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => path.join(dir, file));

const parse = (file: string) =>
  ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);

const stringProperty = (object: ts.ObjectLiteralExpression, name: string): string | null => {
  const property = object.properties.find(
    (p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText() === name,
  );
  return property && ts.isStringLiteralLike(property.initializer) ? property.initializer.text : null;
};

/** Every action type declared in src: `createAction('type')`, and `name/key` of each slice's reducers. */
function declaredTypes(): { type: string; file: string }[] {
  const declared: { type: string; file: string }[] = [];
  for (const file of sourceFiles(SRC)) {
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
        const [first] = node.arguments;
        if (node.expression.text === 'createAction' && first && ts.isStringLiteralLike(first))
          declared.push({ type: first.text, file: path.relative(SRC, file) });
        if (node.expression.text === 'createSlice' && first && ts.isObjectLiteralExpression(first)) {
          const name = stringProperty(first, 'name');
          const reducers = first.properties.find((p) => p.name?.getText() === 'reducers');
          if (
            name &&
            reducers &&
            ts.isPropertyAssignment(reducers) &&
            ts.isObjectLiteralExpression(reducers.initializer)
          )
            for (const reducer of reducers.initializer.properties)
              declared.push({
                type: `${name}/${reducer.name?.getText() ?? ''}`,
                file: path.relative(SRC, file),
              });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(parse(file));
  }
  return declared;
}

/** For each name src/shared/events.ts exports, the features whose slices answer it (`.addCase(name, …)`). */
function answeredBy(): Map<string, Set<string>> {
  const answered = new Map<string, Set<string>>();
  for (const file of sourceFiles(path.join(SRC, 'features')).filter((f) => /Slice\.ts$/.test(f))) {
    const feature = path.relative(path.join(SRC, 'features'), file).split(path.sep)[0] ?? '';
    const source = parse(file);
    const fromEvents = new Set<string>();
    for (const statement of source.statements)
      if (
        ts.isImportDeclaration(statement) &&
        ts.isStringLiteralLike(statement.moduleSpecifier) &&
        path.resolve(path.dirname(file), statement.moduleSpecifier.text) === EVENTS.replace(/\.ts$/, '')
      ) {
        const bindings = statement.importClause?.namedBindings;
        if (bindings && ts.isNamedImports(bindings))
          for (const element of bindings.elements) fromEvents.add(element.name.text);
      }
    const visit = (node: ts.Node) => {
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        node.expression.name.text === 'addCase'
      ) {
        const [first] = node.arguments;
        if (first && ts.isIdentifier(first) && fromEvents.has(first.text)) {
          const features = answered.get(first.text) ?? new Set<string>();
          answered.set(first.text, features.add(feature));
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return answered;
}

describe('shared events (src/shared/events.ts)', () => {
  it('an action type is declared once in src', () => {
    const declared = declaredTypes();
    const twice = declared.filter((d, i) => declared.findIndex((e) => e.type === d.type) !== i);
    expect(
      twice.map(
        ({ type }) =>
          `${type}: ${declared
            .filter((d) => d.type === type)
            .map((d) => d.file)
            .join(', ')}`,
      ),
    ).toEqual([]);
    // The scan sees the shared events and the slices' own actions alike.
    expect(declared.map((d) => d.type)).toEqual(
      expect.arrayContaining(['payment/completed', 'cart/itemUpdated']),
    );
  });

  it("each shared event is answered by the slices of more than one feature; the page's are taken by sagas", () => {
    const answered = answeredBy();
    const shared = Object.keys(events).filter((name) => name !== 'pageActions');
    const single = shared.filter((name) => (answered.get(name)?.size ?? 0) < 2);
    expect(
      single.map((name) => `${name}: ${[...(answered.get(name) ?? [])].join(', ') || 'no slice'}`),
    ).toEqual([]);
    expect(shared.length).toBeGreaterThan(0);
    expect(Object.values(events.pageActions).filter((creator) => !creator.type.startsWith('page/'))).toEqual(
      [],
    );
  });
});
