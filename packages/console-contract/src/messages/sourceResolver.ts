/**
 * How the message scanner (sourceMessages.ts) reads source: parsing, and resolving an expression to the text
 * shapes it can take (constants, templates, calls of message helpers across files). Test support.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export interface FoundText {
  shape: string;
  where: string;
}

export interface UnresolvedSite {
  /** The expression as written, e.g. `error.message`. */
  expression: string;
  where: string;
}

export interface SourceScan {
  texts: FoundText[];
  unresolved: UnresolvedSite[];
}

export type FunctionLike = ts.ArrowFunction | ts.FunctionExpression | ts.FunctionDeclaration;

export interface Parsed {
  file: string;
  source: ts.SourceFile;
}

/** Every `.ts` file under `dir` except tests. */
export function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...sourceFiles(full));
    else if (/\.tsx?$/.test(name) && !/\.(test|stories|fixture)\.tsx?$/.test(name) && !name.endsWith('.d.ts'))
      out.push(full);
  }
  return out.sort();
}

export const unwrap = (node: ts.Expression): ts.Expression => {
  let current = node;
  while (
    ts.isParenthesizedExpression(current) ||
    ts.isAsExpression(current) ||
    ts.isSatisfiesExpression(current) ||
    ts.isNonNullExpression(current)
  )
    current = current.expression;
  return current;
};

export const MAX_DEPTH = 16;

/**
 * Resolves expressions to the texts they can be: literals, templates, constants (across files by name),
 * properties of constant objects, calls of message functions, and a parameter through the calls of its
 * function in the same file. Whatever it cannot follow is reported, never guessed.
 */
export class Resolver {
  private readonly consts = new Map<string, { parsed: Parsed; init: ts.Expression }[]>();
  private readonly functions = new Map<string, { parsed: Parsed; fn: FunctionLike }[]>();

  constructor(readonly files: Parsed[]) {
    for (const parsed of files) {
      const visit = (node: ts.Node) => {
        if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
          const init = unwrap(node.initializer);
          const list = this.consts.get(node.name.text) ?? [];
          list.push({ parsed, init });
          this.consts.set(node.name.text, list);
          if (ts.isArrowFunction(init) || ts.isFunctionExpression(init))
            this.addFunction(node.name.text, parsed, init);
        }
        if (ts.isFunctionDeclaration(node) && node.name) this.addFunction(node.name.text, parsed, node);
        ts.forEachChild(node, visit);
      };
      visit(parsed.source);
    }
  }

  private addFunction(name: string, parsed: Parsed, fn: FunctionLike) {
    const list = this.functions.get(name) ?? [];
    list.push({ parsed, fn });
    this.functions.set(name, list);
  }

  /** `file:line` of a node, in the file it belongs to (a followed argument may sit in another file). */
  where(parsed: Parsed, node: ts.Node): string {
    const source = node.getSourceFile();
    const file = this.files.find((candidate) => candidate.source === source)?.file ?? parsed.file;
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    return `${file}:${line + 1}`;
  }

  /** Expressions being followed right now: a recursive helper (`walk(child, …)`) is followed once. */
  private readonly following = new Set<ts.Node>();

  resolve(expr: ts.Expression, parsed: Parsed, depth = 0): { shapes: string[]; unresolved: ts.Expression[] } {
    if (this.following.has(expr)) return { shapes: [], unresolved: [] };
    this.following.add(expr);
    try {
      return this.follow(expr, parsed, depth);
    } finally {
      this.following.delete(expr);
    }
  }

  private follow(
    expr: ts.Expression,
    parsed: Parsed,
    depth: number,
  ): { shapes: string[]; unresolved: ts.Expression[] } {
    const node = unwrap(expr);
    const none = { shapes: [] as string[], unresolved: [node] };
    if (depth > MAX_DEPTH) return none;
    const merge = (...parts: { shapes: string[]; unresolved: ts.Expression[] }[]) => ({
      shapes: parts.flatMap((part) => part.shapes),
      unresolved: parts.flatMap((part) => part.unresolved),
    });
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))
      return { shapes: [node.text], unresolved: [] };
    if (ts.isTemplateExpression(node)) {
      const shape = node.head.text + node.templateSpans.map((span) => `{}${span.literal.text}`).join('');
      return { shapes: [shape], unresolved: [] };
    }
    if (ts.isConditionalExpression(node))
      return merge(
        this.resolve(node.whenTrue, parsed, depth + 1),
        this.resolve(node.whenFalse, parsed, depth + 1),
      );
    if (
      ts.isBinaryExpression(node) &&
      (node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken ||
        node.operatorToken.kind === ts.SyntaxKind.BarBarToken)
    ) {
      const left = this.resolve(node.left, parsed, depth + 1);
      const right = this.resolve(node.right, parsed, depth + 1);
      // `x.message ?? 'Fallback'`: the fallback is a text of ours, the left side is reported on its own.
      return merge(left, right);
    }
    if (ts.isArrayLiteralExpression(node))
      return merge(...node.elements.map((element) => this.resolve(element, parsed, depth + 1)));
    // A fields object handed to a helper: `invalid({ cursor: ['Invalid cursor'] })`.
    if (ts.isObjectLiteralExpression(node) && node.properties.length > 0)
      return merge(
        ...node.properties.map((prop) =>
          ts.isPropertyAssignment(prop)
            ? this.resolve(prop.initializer, parsed, depth + 1)
            : ts.isShorthandPropertyAssignment(prop)
              ? this.resolve(prop.name, parsed, depth + 1)
              : ts.isSpreadAssignment(prop)
                ? this.resolve(prop.expression, parsed, depth + 1)
                : none,
        ),
      );
    if (ts.isElementAccessExpression(node)) return this.resolve(node.expression, parsed, depth + 1);
    if (node.kind === ts.SyntaxKind.NullKeyword) return { shapes: [], unresolved: [] };
    if (ts.isIdentifier(node)) {
      if (node.text === 'undefined') return { shapes: [], unresolved: [] };
      return this.resolveName(node, parsed, depth);
    }
    if (ts.isPropertyAccessExpression(node)) {
      const object = this.constObject(node.expression, parsed);
      const property = object && this.property(object.init, node.name.text);
      if (property) return this.resolve(property, object.parsed, depth + 1);
      const errorClass = node.name.text === 'message' ? guardingClass(node) : null;
      return errorClass ? this.errorMessages(errorClass, depth) : none;
    }
    if (ts.isCallExpression(node)) {
      // `Object.fromEntries(names.map((name) => [name, [text]]))`: the values the callback pairs with the keys.
      const entries = fromEntriesCallback(node);
      if (entries) return merge(...entries.map((value) => this.resolve(value, parsed, depth + 1)));
      const fn = this.callee(node.expression, parsed);
      if (!fn) return none;
      return merge(...this.returns(fn.fn).map((result) => this.resolve(result, fn.parsed, depth + 1)));
    }
    return none;
  }

  /**
   * The messages `new Name(…)` is given anywhere: the argument at the constructor's `message` parameter
   * (the first when the class has no constructor of its own).
   */
  private readonly errorCache = new Map<string, { shapes: string[]; unresolved: ts.Expression[] }>();

  private errorMessages(name: string, depth: number) {
    const cached = this.errorCache.get(name);
    if (cached) return cached;
    const shapes: string[] = [];
    const unresolved: ts.Expression[] = [];
    for (const parsed of this.files) {
      let index = 0;
      const visit = (node: ts.Node) => {
        if (ts.isClassDeclaration(node) && node.name?.text === name) {
          const ctor = node.members.find(ts.isConstructorDeclaration);
          const at = ctor?.parameters.findIndex((p) => ts.isIdentifier(p.name) && p.name.text === 'message');
          if (at !== undefined && at >= 0) index = at;
        }
        ts.forEachChild(node, visit);
      };
      visit(parsed.source);
      const news: ts.NewExpression[] = [];
      const find = (node: ts.Node) => {
        if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === name)
          news.push(node);
        ts.forEachChild(node, find);
      };
      find(parsed.source);
      for (const created of news) {
        const arg = created.arguments?.[index];
        if (!arg) continue;
        const result = this.resolve(arg, parsed, depth + 1);
        shapes.push(...result.shapes);
        unresolved.push(...result.unresolved);
      }
    }
    this.errorCache.set(name, { shapes, unresolved });
    return { shapes, unresolved };
  }

  private resolveName(node: ts.Identifier, parsed: Parsed, depth: number) {
    const parameter = this.enclosingParameter(node);
    if (parameter) {
      const { fn, index } = parameter;
      const name = functionName(fn);
      const calls = name ? this.callsOf(name, parsed, isExported(fn)) : [];
      const args = calls.flatMap(({ call, parsed: at }) => {
        const arg = call.arguments[index];
        return arg ? [{ arg, at }] : [];
      });
      if (args.length === 0) return { shapes: [], unresolved: [node] };
      const results = args.map(({ arg, at }) => this.resolve(arg, at, depth + 1));
      return { shapes: results.flatMap((r) => r.shapes), unresolved: results.flatMap((r) => r.unresolved) };
    }
    const local = this.consts.get(node.text) ?? [];
    // The declaration whose scope holds the use (several functions of a file may each have a `fields`).
    const inScope = local
      .filter((entry) => entry.parsed === parsed)
      .map((entry) => ({ entry, scope: scopeOf(entry.init) }))
      .filter(({ scope }) => scope.pos <= node.pos && node.end <= scope.end)
      .sort((a, b) => a.scope.end - a.scope.pos - (b.scope.end - b.scope.pos))[0];
    const found = inScope?.entry ?? (local.length === 1 ? local[0] : undefined);
    if (!found || ts.isArrowFunction(found.init) || ts.isFunctionExpression(found.init))
      return { shapes: [], unresolved: [node] };
    if (ts.isObjectLiteralExpression(found.init) && found.init.properties.length === 0)
      return this.filledIn(node.text, scopeOf(found.init), found.parsed, depth);
    return this.resolve(found.init, found.parsed, depth + 1);
  }

  /**
   * The values put into an object that starts empty: `fields[key] = [text]` and
   * `(fields[key] ??= []).push(text)` within the scope it is declared in.
   */
  private filledIn(name: string, scope: ts.Node, parsed: Parsed, depth: number) {
    const values: ts.Expression[] = [];
    const isEntry = (node: ts.Expression) => {
      const target = unwrap(node);
      return ts.isElementAccessExpression(target) && unwrap(target.expression).getText() === name;
    };
    const visit = (node: ts.Node) => {
      if (
        ts.isBinaryExpression(node) &&
        node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
        isEntry(node.left)
      )
        values.push(node.right);
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        node.expression.name.text === 'push'
      ) {
        const target = unwrap(node.expression.expression);
        if (
          ts.isBinaryExpression(target) &&
          target.operatorToken.kind === ts.SyntaxKind.QuestionQuestionEqualsToken &&
          isEntry(target.left)
        )
          values.push(...node.arguments);
      }
      ts.forEachChild(node, visit);
    };
    visit(scope);
    if (values.length === 0) return { shapes: [] as string[], unresolved: [] as ts.Expression[] };
    const results = values.map((value) => this.resolve(value, parsed, depth + 1));
    return { shapes: results.flatMap((r) => r.shapes), unresolved: results.flatMap((r) => r.unresolved) };
  }

  /** The function (of this file) whose parameter `node` names, and the parameter's position. */
  private enclosingParameter(node: ts.Identifier): { fn: FunctionLike; index: number } | null {
    for (let current: ts.Node | undefined = node.parent; current; current = current.parent) {
      if (
        ts.isArrowFunction(current) ||
        ts.isFunctionExpression(current) ||
        ts.isFunctionDeclaration(current)
      ) {
        const index = current.parameters.findIndex(
          (param) => ts.isIdentifier(param.name) && param.name.text === node.text,
        );
        if (index >= 0) return { fn: current, index };
      }
    }
    return null;
  }

  /** Calls of `name` in its own file and, for an exported function, in the files that import it. */
  private callsOf(
    name: string,
    parsed: Parsed,
    exported: boolean,
  ): { call: ts.CallExpression; parsed: Parsed }[] {
    const calls: { call: ts.CallExpression; parsed: Parsed }[] = [];
    const files = exported ? this.files.filter((file) => file === parsed || imports(file, name)) : [parsed];
    for (const file of files) {
      const visit = (node: ts.Node) => {
        if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === name)
          calls.push({ call: node, parsed: file });
        ts.forEachChild(node, visit);
      };
      visit(file.source);
    }
    return calls;
  }

  private constObject(
    expr: ts.Expression,
    parsed: Parsed,
  ): { parsed: Parsed; init: ts.ObjectLiteralExpression } | null {
    const node = unwrap(expr);
    if (!ts.isIdentifier(node)) return null;
    const list = this.consts.get(node.text) ?? [];
    const found = list.find((entry) => entry.parsed === parsed) ?? (list.length === 1 ? list[0] : undefined);
    return found && ts.isObjectLiteralExpression(found.init)
      ? { parsed: found.parsed, init: found.init }
      : null;
  }

  private property(object: ts.ObjectLiteralExpression, name: string): ts.Expression | null {
    for (const prop of object.properties) {
      if (ts.isPropertyAssignment(prop) && propertyName(prop.name) === name) return prop.initializer;
    }
    return null;
  }

  private callee(expr: ts.Expression, parsed: Parsed): { parsed: Parsed; fn: FunctionLike } | null {
    const node = unwrap(expr);
    if (ts.isIdentifier(node)) {
      const list = this.functions.get(node.text) ?? [];
      return list.find((entry) => entry.parsed === parsed) ?? (list.length === 1 ? list[0]! : null);
    }
    if (ts.isPropertyAccessExpression(node)) {
      const object = this.constObject(node.expression, parsed);
      const value = object && this.property(object.init, node.name.text);
      const fn = value && unwrap(value);
      if (object && fn && (ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)))
        return { parsed: object.parsed, fn };
    }
    return null;
  }

  returns(fn: FunctionLike): ts.Expression[] {
    if (ts.isArrowFunction(fn) && !ts.isBlock(fn.body)) return [fn.body];
    const out: ts.Expression[] = [];
    const visit = (node: ts.Node) => {
      if (
        node !== fn &&
        (ts.isArrowFunction(node) || ts.isFunctionExpression(node) || ts.isFunctionDeclaration(node))
      )
        return;
      if (ts.isReturnStatement(node) && node.expression) out.push(node.expression);
      ts.forEachChild(node, visit);
    };
    if (fn.body) visit(fn.body);
    return out;
  }
}

/** `X` of an enclosing `if (error instanceof X)` guarding `error.message`. */
export function guardingClass(node: ts.PropertyAccessExpression): string | null {
  const object = node.expression.getText();
  for (let current: ts.Node | undefined = node.parent; current; current = current.parent) {
    if (ts.isIfStatement(current)) {
      const condition = unwrap(current.expression);
      if (
        ts.isBinaryExpression(condition) &&
        condition.operatorToken.kind === ts.SyntaxKind.InstanceOfKeyword &&
        condition.left.getText() === object &&
        ts.isIdentifier(condition.right)
      )
        return condition.right.text;
    }
  }
  return null;
}

/** Whether a function is exported (`export function f`, `export const f = () => …`). */
export function isExported(fn: FunctionLike): boolean {
  const statement = ts.isFunctionDeclaration(fn) ? fn : fn.parent?.parent?.parent;
  return (
    !!statement &&
    (ts.isFunctionDeclaration(statement) || ts.isVariableStatement(statement)) &&
    !!statement.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)
  );
}

/** Whether a file imports `name` by that name. */
export function imports(parsed: Parsed, name: string): boolean {
  return parsed.source.statements.some(
    (statement) =>
      ts.isImportDeclaration(statement) &&
      !!statement.importClause?.namedBindings &&
      ts.isNamedImports(statement.importClause.namedBindings) &&
      statement.importClause.namedBindings.elements.some((element) => element.name.text === name),
  );
}

/** The block (or file) a declaration belongs to. */
export function scopeOf(node: ts.Node): ts.Node {
  for (let current = node.parent; current; current = current.parent)
    if (ts.isBlock(current) || ts.isSourceFile(current) || ts.isArrowFunction(current)) return current;
  return node.getSourceFile();
}

/** The value halves of `Object.fromEntries(list.map((x) => [key, value]))`, or null for other calls. */
export function fromEntriesCallback(call: ts.CallExpression): ts.Expression[] | null {
  if (call.expression.getText() !== 'Object.fromEntries') return null;
  const inner = call.arguments[0] && unwrap(call.arguments[0]);
  if (!inner || !ts.isCallExpression(inner) || !ts.isPropertyAccessExpression(inner.expression)) return null;
  if (inner.expression.name.text !== 'map') return null;
  const callback = inner.arguments[0] && unwrap(inner.arguments[0]);
  if (!callback || !ts.isArrowFunction(callback) || ts.isBlock(callback.body)) return null;
  const pair = unwrap(callback.body);
  return ts.isArrayLiteralExpression(pair) && pair.elements.length === 2 ? [pair.elements[1]!] : null;
}

export function functionName(fn: FunctionLike): string | null {
  if (ts.isFunctionDeclaration(fn)) return fn.name?.text ?? null;
  const parent = fn.parent;
  return ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name) ? parent.name.text : null;
}

export function propertyName(name: ts.PropertyName): string | null {
  return ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : null;
}

export function parse(files: string[], root: string): Parsed[] {
  return files.map((full) => ({
    file: path.relative(root, full),
    source: ts.createSourceFile(full, readFileSync(full, 'utf8'), ts.ScriptTarget.Latest, true),
  }));
}
