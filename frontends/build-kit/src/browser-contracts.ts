import ts from 'typescript';

/**
 * Which files the loader rewrites: @honne/contracts' sources. Matched by path because build-kit
 * does not depend on the contracts (the frontends do).
 */
export const CONTRACTS_SOURCE = /[\\/]packages[\\/]contracts[\\/]src[\\/][^\\/]+\.ts$/;

/**
 * The contracts as a browser needs them (docs/adr/0017-contracts-without-schemas-in-the-browser.md).
 * The browser validates nothing against the schemas: the client reads an endpoint's method, path
 * and auth class, a real-time event's type, the constants, validators and messages. So each
 * `endpoint({...})` gets an empty `schema` and loses its `summary` (the OpenAPI document's text),
 * every other TypeBox builder call
 * (`Type.Object({...})`, `Type.String()`, …) becomes an empty object and the TypeBox import goes:
 * the schemas' text, TypeBox itself (about 11 KB compressed) and the work of building them at start
 * leave every bundle, while each endpoint stays the one `endpoint()` definition the services, the
 * gateway and OpenAPI use. Types are untouched (esbuild drops them).
 */
export function stripSchemas(source: string, fileName = 'contracts.ts'): string {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const edits: { start: number; end: number; text: string }[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isImportDeclaration(node) &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      node.moduleSpecifier.text === '@sinclair/typebox'
    ) {
      edits.push({ start: node.getStart(file), end: node.end, text: '' });
      return;
    }
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'endpoint') {
      const [def] = node.arguments;
      if (def && ts.isObjectLiteralExpression(def))
        for (const prop of def.properties) {
          const name = prop.name && ts.isIdentifier(prop.name) ? prop.name.text : '';
          if (name === 'summary') {
            const comma = source.slice(prop.end).match(/^\s*,/);
            edits.push({ start: prop.getFullStart(), end: prop.end + (comma ? comma[0].length : 0), text: '' });
          } else if (name === 'schema' && ts.isPropertyAssignment(prop)) {
            // Kept, empty: endpoint() reads it.
            edits.push({ start: prop.initializer.getStart(file), end: prop.initializer.end, text: '{}' });
          } else visit(prop);
        }
      return;
    }
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ts.isIdentifier(node.expression.expression) &&
      node.expression.expression.text === 'Type'
    ) {
      // The whole call, arguments included: a schema nested in it goes with it.
      edits.push({ start: node.getStart(file), end: node.end, text: '({} as any)' });
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  let out = source;
  for (const edit of edits.sort((a, b) => b.start - a.start))
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return out;
}

/** The webpack loader (build-kit's config runs it before esbuild-loader on the contracts' sources). */
export default function browserContractsLoader(source: string): string {
  return stripSchemas(source);
}
