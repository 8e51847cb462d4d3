/**
 * Finds the error texts the server and the contract's validation can send, by reading their source (test
 * support for the catalogue's coverage test; not part of the contract's public door). Texts come back as
 * shapes: every `${…}` of a template is `{}`, so "No user with id {}." stands for all of its answers.
 */
import ts from 'typescript';
import {
  type FoundText,
  type UnresolvedSite,
  type SourceScan,
  type Parsed,
  sourceFiles,
  unwrap,
  Resolver,
  propertyName,
  parse,
} from './sourceResolver.js';

export type { FoundText, SourceScan, UnresolvedSite } from './sourceResolver.js';
export { sourceFiles } from './sourceResolver.js';

/** Constants that hold texts for people: `AUTH_MESSAGES`, `WINDOW_CLOSED_MESSAGE`, `TEXT_PROBLEMS`. */
const MESSAGE_CONSTANT = /^[A-Z0-9_]*_(MESSAGES?|PROBLEMS)$/;

/** Every string and template inside an expression (object values, function bodies), keys left out. */
function leaves(node: ts.Node, out: ts.Expression[] = []): ts.Expression[] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) {
    const parent = node.parent;
    const isKey = ts.isPropertyAssignment(parent) && parent.name === node;
    const isComparison = ts.isBinaryExpression(parent) || ts.isCaseClause(parent);
    if (!isKey && !isComparison) out.push(node as ts.Expression);
    return out;
  }
  ts.forEachChild(node, (child) => void leaves(child, out));
  return out;
}

/**
 * The server's texts for clients: the message and field messages of every `new HttpError(…)`, the `message`
 * of every `reply.send({ message })` and of result objects (`{ status | ok | reason, message }`), and every
 * message constant. Paths in the answer are relative to `root`.
 */
export function scanServer(dir: string, root: string, contractDir: string): SourceScan {
  const parsedFiles = parse(sourceFiles(dir), root);
  // Constants the server imports from the contract (WINDOW_CLOSED_MESSAGE) resolve there.
  const resolver = new Resolver([...parsedFiles, ...parse(sourceFiles(contractDir), root)]);
  const texts: FoundText[] = [];
  const unresolved: UnresolvedSite[] = [];
  const take = (expr: ts.Expression, parsed: Parsed) => {
    const result = resolver.resolve(expr, parsed);
    for (const shape of result.shapes) texts.push({ shape, where: resolver.where(parsed, expr) });
    for (const node of result.unresolved)
      unresolved.push({ expression: node.getText(), where: resolver.where(parsed, node) });
  };
  const takeSpread = (expr: ts.Expression, parsed: Parsed) => {
    const node = unwrap(expr);
    // formatValidationError: the contract's summary of its own validation texts (scanContract covers them).
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'formatValidationError'
    )
      return;
    unresolved.push({ expression: `...${node.getText(parsed.source)}`, where: resolver.where(parsed, node) });
  };
  const takeFields = (expr: ts.Expression, parsed: Parsed) => {
    const node = unwrap(expr);
    // zod's messages per field: the contract's schemas, covered by scanContract.
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'fieldErrors'
    )
      return;
    if (ts.isObjectLiteralExpression(node)) {
      for (const prop of node.properties) {
        if (ts.isPropertyAssignment(prop)) take(prop.initializer, parsed);
        else if (ts.isShorthandPropertyAssignment(prop)) take(prop.name, parsed);
        else
          unresolved.push({ expression: prop.getText(parsed.source), where: resolver.where(parsed, prop) });
      }
      return;
    }
    take(node, parsed);
  };
  const errorClasses = httpErrorClasses(parsedFiles);
  for (const parsed of parsedFiles) {
    const visit = (node: ts.Node) => {
      if (
        ts.isNewExpression(node) &&
        ts.isIdentifier(node.expression) &&
        errorClasses.has(node.expression.text)
      ) {
        const [, message, , fields] = node.arguments ?? [];
        const body = message && unwrap(message);
        if (body && ts.isObjectLiteralExpression(body)) {
          // `new ResourceError(404, { message, code, fields, ...details })`: the whole body in one object.
          for (const prop of body.properties) {
            const name = prop.name ? propertyName(prop.name as ts.PropertyName) : null;
            if (ts.isPropertyAssignment(prop) && name === 'message') take(prop.initializer, parsed);
            if (ts.isPropertyAssignment(prop) && name === 'fields') takeFields(prop.initializer, parsed);
            if (ts.isShorthandPropertyAssignment(prop) && name === 'fields') takeFields(prop.name, parsed);
            if (ts.isSpreadAssignment(prop)) takeSpread(prop.expression, parsed);
          }
        } else {
          if (message) take(message, parsed);
          if (fields) takeFields(fields, parsed);
        }
      }
      // `problems.push([key, text])`: the (key, message) pairs a check collects before answering 400.
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        node.expression.name.text === 'push' &&
        /^(problems|errors)$/.test(node.expression.expression.getText()) &&
        node.arguments.length === 1
      ) {
        const pair = unwrap(node.arguments[0]!);
        if (ts.isArrayLiteralExpression(pair) && pair.elements.length === 2) take(pair.elements[1]!, parsed);
      }
      if (ts.isObjectLiteralExpression(node)) {
        const names = node.properties.map((prop) =>
          prop.name ? propertyName(prop.name as ts.PropertyName) : null,
        );
        const message = node.properties.find(
          (prop): prop is ts.PropertyAssignment =>
            ts.isPropertyAssignment(prop) && propertyName(prop.name) === 'message',
        );
        const call = node.parent;
        const sent =
          ts.isCallExpression(call) &&
          ts.isPropertyAccessExpression(call.expression) &&
          call.expression.name.text === 'send';
        // Result objects a route turns into an answer: `{ ok: false, reason, message }`, a refusal's
        // `{ status, message }`, a parser's problem `{ line, field, message }`.
        const result = names.some((name) => ['status', 'ok', 'reason', 'field'].includes(name ?? ''));
        if (message && (sent || result)) take(message.initializer, parsed);
        const fields = node.properties.find(
          (prop) =>
            (ts.isPropertyAssignment(prop) || ts.isShorthandPropertyAssignment(prop)) &&
            propertyName(prop.name) === 'fields',
        );
        if (sent && fields)
          takeFields(
            ts.isPropertyAssignment(fields)
              ? fields.initializer
              : (fields as ts.ShorthandPropertyAssignment).name,
            parsed,
          );
      }
      if (
        ts.isVariableDeclaration(node) &&
        ts.isIdentifier(node.name) &&
        MESSAGE_CONSTANT.test(node.name.text) &&
        node.initializer
      ) {
        for (const leaf of leaves(node.initializer)) take(leaf, parsed);
      }
      ts.forEachChild(node, visit);
    };
    visit(parsed.source);
  }
  return { texts, unresolved };
}

/** HttpError and the classes that extend it (ResourceError), by name. */
function httpErrorClasses(files: Parsed[]): Set<string> {
  const names = new Set(['HttpError']);
  for (let grew = true; grew;) {
    grew = false;
    for (const parsed of files) {
      for (const statement of parsed.source.statements) {
        if (!ts.isClassDeclaration(statement) || !statement.name || names.has(statement.name.text)) continue;
        const base = statement.heritageClauses?.flatMap((clause) =>
          clause.types.map((type) => type.expression.getText()),
        );
        if (base?.some((name) => names.has(name))) {
          names.add(statement.name.text);
          grew = true;
        }
      }
    }
  }
  return names;
}

/** Calls of zod checks whose last argument may be the message: `.min(1, 'X')`, `.regex(re, { message })`. */
const ZOD_CHECKS = new Set([
  'min',
  'max',
  'length',
  'regex',
  'refine',
  'int',
  'positive',
  'nonnegative',
  'negative',
  'nonpositive',
  'gt',
  'gte',
  'lt',
  'lte',
  'multipleOf',
  'uuid',
]);
/** Object properties that carry a validation text (zod's `message` / `error`, entity rules' messages). */
const MESSAGE_PROPERTIES = new Set(['message', 'error', 'patternMessage', 'problem']);

/**
 * The contract's validation texts: zod checks' messages, `message` / `error` options and issues, entity rules'
 * `message`, `patternMessage` and `problem`, `errors.push([key, text])`, message constants, and every
 * text-shaped literal of the validation module (its message helpers return plain strings).
 */
export function scanContract(dir: string, root: string): SourceScan {
  // Translation catalogues (this folder, entities/texts) hold translations, not texts the API sends.
  const parsedFiles = parse(sourceFiles(dir), root).filter(
    (parsed) => !/\/(messages|texts)\//.test(parsed.file),
  );
  const resolver = new Resolver(parsedFiles);
  const texts: FoundText[] = [];
  // Schemas and computed values sit in the same positions (`message: z.string()`): only texts count here.
  const take = (expr: ts.Expression, parsed: Parsed) => {
    const node = unwrap(expr);
    const values =
      ts.isArrowFunction(node) || ts.isFunctionExpression(node) ? resolver.returns(node) : [node];
    for (const value of values)
      for (const shape of resolver.resolve(value, parsed).shapes)
        texts.push({ shape, where: resolver.where(parsed, value) });
  };
  for (const parsed of parsedFiles) {
    // The entity validation, split by what it checks: field values, bodies, list queries.
    const isValidation = /entities\/(validation|fieldValue|listQuery)\.ts$/.test(parsed.file);
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
        const method = node.expression.name.text;
        const last = node.arguments[node.arguments.length - 1];
        if (ZOD_CHECKS.has(method) && last) {
          const value = unwrap(last);
          if (
            ts.isStringLiteral(value) ||
            ts.isTemplateExpression(value) ||
            ts.isNoSubstitutionTemplateLiteral(value)
          )
            take(value, parsed);
        }
        if (method === 'push' && node.arguments.length === 1) {
          const pushed = unwrap(node.arguments[0]!);
          if (ts.isArrayLiteralExpression(pushed) && pushed.elements.length === 2)
            take(pushed.elements[1]!, parsed);
        }
      }
      if (ts.isPropertyAssignment(node) && MESSAGE_PROPERTIES.has(propertyName(node.name) ?? ''))
        take(node.initializer, parsed);
      if (
        ts.isVariableDeclaration(node) &&
        ts.isIdentifier(node.name) &&
        MESSAGE_CONSTANT.test(node.name.text)
      )
        for (const leaf of node.initializer ? leaves(node.initializer) : []) take(leaf, parsed);
      if (
        isValidation &&
        (ts.isStringLiteral(node) || ts.isTemplateExpression(node)) &&
        textShaped(node, parsed)
      )
        take(node as ts.Expression, parsed);
      ts.forEachChild(node, visit);
    };
    visit(parsed.source);
  }
  return { texts, unresolved: [] };
}

/** A literal that reads like a sentence for a person (not a key, an operator name, a label or a regex). */
function textShaped(node: ts.StringLiteral | ts.TemplateExpression, parsed: Parsed): boolean {
  const parent = node.parent;
  if (
    ts.isPropertyAssignment(parent) &&
    ['label', 'labelPlural', 'description'].includes(propertyName(parent.name) ?? '')
  )
    return false;
  if (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent)) return false;
  const text = node.getText(parsed.source).slice(1, -1);
  return /^[A-Z0-9$][^\n]*\s[a-z]/.test(text);
}
