// The features' order (docs/architecture.md, "Features"): which feature may use which, the rules that keep
// it (ESLint's import zones and its state rule, both in eslint.config.mjs, so in `npm run lint`), and the
// picture of it in docs/architecture.md, drawn from the imports as they are.
//
//   npm run docs:features            writes the picture into docs/architecture.md and prints the counts
//   node scripts/featureRules.js --check   fails when the picture differs from the code (as the test does)
//
// The counts are the measure (issue 38): imports from a feature that is not below the importer
// (by the order here), and reads of another feature's state by its shape (`state.cart.revision` in the
// payment feature) instead of through that feature's selectors. Both must be 0; ESLint fails on each.
const fs = require('node:fs');
const path = require('node:path');
const ts = require('typescript');

const ROOT = path.resolve(__dirname, '..');
const FEATURES_DIR = 'src/features';
const DOC = 'docs/architecture.md';
const BEGIN = '<!-- features:begin (npm run docs:features writes this block) -->';
const END = '<!-- features:end -->';

/**
 * The features in layers, lowest first. A feature may use (import, or read the state of through its
 * selectors) the features of the layers below its own, never one of its own layer or above. A feature
 * folder that is not placed here fails `npm run lint` until it is.
 * - session, paymentState: the visitor's session and the payment's state (§3) need nothing of another
 *   feature; the cart reads both (the tab choices, the stock the last start reported), the kiosk whether
 *   a payment is pending. integration and passwordReset stand alone.
 * - shopState: the shop as the API describes it; whether it can be shown waits for the session.
 * - cart: its lines are the shop's products at the shop's prices, with the session's tab choices.
 * - kiosk: clears the cart and the customer's details, reads the shop for its start screen.
 * - payment (starting, polling, cancelling, the panels) pays the cart, asks the kiosk how Swish asks
 *   (a QR code there); receipt shows the kiosk's buttons and the customer's e-mail.
 * - shop: the shop's screens (layout, store page, product and cart pages) compose all of these.
 */
const FEATURE_LAYERS = [
  ['session', 'paymentState', 'integration', 'passwordReset'],
  ['shopState'],
  ['cart'],
  ['kiosk'],
  ['payment', 'receipt'],
  ['shop'],
];

const rel = (root, file) => path.relative(root, file).split(path.sep).join('/');

/** The feature a file belongs to (src/features/<feature>/…), or null. */
function featureOf(file, root = ROOT) {
  const match = /^src\/features\/([^/]+)\//.exec(rel(root, file));
  return match ? match[1] : null;
}

/** The feature folders on disk. */
function featureFolders(root = ROOT) {
  return fs
    .readdirSync(path.join(root, FEATURES_DIR), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** The layer of a feature (0 is the lowest); a folder not placed in FEATURE_LAYERS is an error. */
function layerOf(feature, layers = FEATURE_LAYERS) {
  const layer = layers.findIndex((names) => names.includes(feature));
  if (layer < 0)
    throw new Error(
      `src/features/${feature} has no place in the features' order: add it to FEATURE_LAYERS in scripts/featureRules.js`,
    );
  return layer;
}

/** Whether `user` may use `used`: `used` is in a layer below `user`'s. */
const mayUse = (user, used, layers = FEATURE_LAYERS) => layerOf(used, layers) < layerOf(user, layers);

/**
 * The zones of import-x/no-restricted-paths (eslint.config.mjs) that keep the features' order:
 * - each feature is imported from outside only through its index.ts (its public face);
 * - a feature imports only features below it;
 * - a slice imports no other feature: the events it answers besides its own come from src/shared/events.ts.
 */
function featureZones(root = ROOT, layers = FEATURE_LAYERS) {
  const features = featureFolders(root);
  const dir = (feature) => `./${FEATURES_DIR}/${feature}`;
  const isolation = features.map((feature) => ({
    target: features.filter((other) => other !== feature).map(dir),
    from: dir(feature),
    except: ['./index.ts'],
    message: `Import the ${feature} feature through its index.ts, not its internals.`,
  }));
  const order = features.flatMap((feature) => {
    const notBelow = features.filter((other) => other !== feature && !mayUse(feature, other, layers));
    const below = features.filter((other) => mayUse(feature, other, layers));
    return notBelow.length === 0
      ? []
      : [
          {
            target: dir(feature),
            from: notBelow.map(dir),
            message: `The ${feature} feature may use only the features below it (${below.join(', ') || 'none'}): see FEATURE_LAYERS in scripts/featureRules.js and docs/architecture.md, "Features".`,
          },
        ];
  });
  const slices = features.map((feature) => ({
    target: `${dir(feature)}/*Slice.ts`,
    from: features.filter((other) => other !== feature).map(dir),
    message:
      'A slice answers its own actions and the shared events: import those from src/shared/events.ts, nothing of another feature.',
  }));
  return [...isolation, ...order, ...slices];
}

/** The module a relative specifier names, or null (a package, or nothing there). */
function resolveModule(fromFile, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(fromFile), specifier);
  const candidates = ['', '.ts', '.tsx', '.js', '/index.ts', '/index.tsx'].map((end) => base + end);
  return candidates.find((file) => fs.existsSync(file) && fs.statSync(file).isFile()) ?? null;
}

/** Every module specifier a source file names: imports, re-exports, dynamic import() and import types. */
function specifiersOf(source) {
  const found = [];
  const visit = (node) => {
    const literal = (expr) => expr && ts.isStringLiteralLike(expr) && found.push({ node, text: expr.text });
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) literal(node.moduleSpecifier);
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword)
      literal(node.arguments[0]);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) literal(node.argument.literal);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The source files under a folder (.ts, .tsx). */
function sourceFiles(dir) {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name))
    .sort();
}

/** Every import from one feature into another: { from, to, file, line, specifier }. */
function featureImports(root = ROOT) {
  const imports = [];
  for (const file of sourceFiles(path.join(root, FEATURES_DIR))) {
    const from = featureOf(file, root);
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    for (const { node, text } of specifiersOf(source)) {
      const target = resolveModule(file, text);
      const to = target && featureOf(target, root);
      if (!to || to === from) continue;
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      imports.push({ from, to, file: rel(root, file), line, specifier: text });
    }
  }
  return imports;
}

/** The imports that break the order: from a feature of the importer's layer or one above it. */
function upwardImports(imports, layers = FEATURE_LAYERS) {
  return imports.filter(({ from, to }) => !mayUse(from, to, layers));
}

/** The module that combines the root reducer and declares the root state (its reducers and `ScreenState`). */
const ROOT_STATE_MODULE = /\/src\/app\/store\.ts$/;

/**
 * The part of the app that owns a property of the root state: the feature (or folder) of the reducer it is
 * combined from (`cart: cartReducer` in app/store.ts's reducers → the cart feature), or of the state type a
 * screen's slice declares (`integration?: IntegrationState` in its `ScreenState` → the integration feature),
 * or null when the declaration is not one of the root state's.
 */
function rootStateOwner(checker, declaration) {
  if (!ROOT_STATE_MODULE.test(declaration.getSourceFile().fileName.split(path.sep).join('/'))) return null;
  let origin;
  if (ts.isPropertyAssignment(declaration)) origin = declaration.initializer;
  else if (ts.isShorthandPropertyAssignment(declaration)) origin = declaration.name;
  else if (
    ts.isPropertySignature(declaration) &&
    declaration.type &&
    ts.isTypeReferenceNode(declaration.type)
  )
    origin = declaration.type.typeName;
  else return null;
  let symbol = checker.getSymbolAtLocation(origin);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  const where = symbol && symbol.declarations && symbol.declarations[0];
  if (!where) return null;
  const file = where.getSourceFile().fileName.split(path.sep).join('/');
  const feature = /\/src\/features\/([^/]+)\//.exec(file);
  if (feature) return feature[1];
  const folder = /\/(src\/[^/]+)\//.exec(file);
  return folder ? folder[1] : file;
}

/**
 * A read of the root state by its shape at `node`: `state.cart` (`.x`, `['x']`), `const { cart } = state`,
 * or the type `RootState['cart']`. Returns the property and the part of the app that owns it, or null.
 */
function rootStateRead(checker, node) {
  let key = null;
  let symbol = null;
  if (ts.isPropertyAccessExpression(node)) {
    key = node.name.text;
    symbol = checker.getSymbolAtLocation(node.name);
  } else if (ts.isElementAccessExpression(node) && ts.isStringLiteralLike(node.argumentExpression)) {
    key = node.argumentExpression.text;
    symbol = checker.getSymbolAtLocation(node.argumentExpression);
  } else if (ts.isBindingElement(node) && ts.isObjectBindingPattern(node.parent)) {
    const name = node.propertyName ?? node.name;
    if (!ts.isIdentifier(name) && !ts.isStringLiteralLike(name)) return null;
    key = name.text;
    symbol = checker.getTypeAtLocation(node.parent).getProperty(key) ?? null;
  } else if (
    ts.isIndexedAccessTypeNode(node) &&
    ts.isLiteralTypeNode(node.indexType) &&
    ts.isStringLiteralLike(node.indexType.literal)
  ) {
    key = node.indexType.literal.text;
    symbol = checker.getTypeFromTypeNode(node.objectType).getProperty(key) ?? null;
  }
  for (const declaration of (symbol && symbol.declarations) || []) {
    const owner = rootStateOwner(checker, declaration);
    if (owner) return { key, owner };
  }
  return null;
}

/** The state rule: a feature reads another feature's (or app's, or shared's) state only through selectors. */
const noForeignState = {
  meta: {
    type: 'problem',
    docs: {
      description:
        "A feature reads another feature's state only through the selectors that feature's index.ts exports.",
    },
    messages: {
      foreign:
        "`{{key}}` is {{owner}}'s state: read it through a selector {{owner}} exports (its index.ts), not by its shape.",
    },
    schema: [],
  },
  create(context) {
    const feature = featureOf(context.physicalFilename, context.cwd);
    const services = context.sourceCode.parserServices;
    if (!feature || !services || !services.program) return {};
    const checker = services.program.getTypeChecker();
    const check = (node) => {
      const read = rootStateRead(checker, services.esTreeNodeToTSNodeMap.get(node));
      if (read && read.owner !== feature)
        context.report({ node, messageId: 'foreign', data: { key: read.key, owner: read.owner } });
    };
    return { MemberExpression: check, 'ObjectPattern > Property': check, TSIndexedAccessType: check };
  },
};

/** ESLint's plugin of the features' rules (eslint.config.mjs). */
const eslintPlugin = { meta: { name: 'features' }, rules: { 'no-foreign-state': noForeignState } };

/** Every read of another feature's state by its shape, over the whole of src/features (the rule's measure). */
function foreignStateReads(root = ROOT) {
  const parsed = ts.getParsedCommandLineOfConfigFile(path.join(root, 'tsconfig.json'), undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  });
  const files = sourceFiles(path.join(root, FEATURES_DIR));
  const program = ts.createProgram({ rootNames: files, options: parsed.options });
  const checker = program.getTypeChecker();
  const reads = [];
  for (const file of files) {
    const source = program.getSourceFile(file);
    const feature = featureOf(file, root);
    const visit = (node) => {
      const read = rootStateRead(checker, node);
      if (read && read.owner !== feature) {
        const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
        reads.push({ feature, ...read, file: rel(root, file), line });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return reads;
}

/**
 * The picture: each layer a row, lowest at the bottom, and an arrow from each feature to every feature that
 * uses it (imports it), as in the layers' picture above it.
 */
function featureChart(root = ROOT, layers = FEATURE_LAYERS) {
  const pairs = [...new Set(featureImports(root).map(({ from, to }) => `${to} --> ${from}`))].sort();
  const lines = ['```mermaid', 'flowchart BT'];
  layers.forEach((names, index) => {
    lines.push(`    subgraph layer${index} ["layer ${index}"]`, '        direction LR');
    for (const name of names) lines.push(`        ${name}`);
    lines.push('    end');
  });
  for (const pair of pairs) lines.push(`    ${pair}`);
  lines.push('```');
  return lines.join('\n');
}

/** docs/architecture.md with the picture as the code draws it now. */
function documentWithChart(root = ROOT) {
  const doc = fs.readFileSync(path.join(root, DOC), 'utf8');
  const begin = doc.indexOf(BEGIN);
  const end = doc.indexOf(END);
  if (begin < 0 || end < begin) throw new Error(`${DOC} has no block between ${BEGIN} and ${END}`);
  // Blank lines around the chart, as Prettier writes Markdown.
  return `${doc.slice(0, begin + BEGIN.length)}\n\n${featureChart(root)}\n\n${doc.slice(end)}`;
}

module.exports = {
  FEATURE_LAYERS,
  featureZones,
  featureImports,
  upwardImports,
  foreignStateReads,
  featureChart,
  documentWithChart,
  eslintPlugin,
};

if (require.main === module) {
  const check = process.argv.includes('--check');
  const expected = documentWithChart();
  const file = path.join(ROOT, DOC);
  if (check) {
    if (fs.readFileSync(file, 'utf8') !== expected) {
      console.error(`${DOC}: the features' picture differs from the code; run \`npm run docs:features\`.`);
      process.exit(1);
    }
  } else fs.writeFileSync(file, expected);
  const imports = featureImports();
  const upward = upwardImports(imports);
  for (const i of upward)
    console.log(`upward import: ${i.file}:${i.line} ${i.from} → ${i.to} ('${i.specifier}')`);
  const reads = check ? [] : foreignStateReads();
  for (const r of reads)
    console.log(`raw read: ${r.file}:${r.line} ${r.feature} reads ${r.owner}'s \`${r.key}\``);
  console.log(`imports between features: ${imports.length}; upward: ${upward.length}`);
  if (!check) console.log(`reads of another feature's state by its shape: ${reads.length}`);
  process.exitCode = upward.length + reads.length > 0 ? 1 : process.exitCode;
}
