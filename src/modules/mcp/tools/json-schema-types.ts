/**
 * Gives every schema of a JSON Schema document a `type`. Strict MCP clients (the MCP Inspector's
 * strict mode) want a `type` on every property, at any depth, while zod writes none for a nullable
 * object (`anyOf: [{type: "object", ...}, {type: "null"}]`), a recursive reference (`$ref`) or an
 * unconstrained value (`{}`, e.g. free-form metadata). The `type` added says what the schema
 * already allows, so validation is unchanged: the union of a union's branch types, the type of a
 * reference's target, the types of `const`/`enum` values, or every JSON type for `{}`. Pure; the
 * document is copied.
 */

type Schema = Record<string, unknown>;

/** Every JSON type: what an unconstrained schema allows (`integer` is within `number`). */
const ANY = ['string', 'number', 'boolean', 'null', 'array', 'object'];
/** Keywords holding one sub-schema, a map of them, or a list of them. */
const ONE = ['items', 'additionalProperties', 'not', 'contains', 'propertyNames', 'if', 'then', 'else'];
const MAPS = ['properties', 'patternProperties', 'definitions', '$defs', 'dependentSchemas'];
const LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems', 'items'];
/** Keywords that constrain a value's type other than `type` itself. */
const TYPED_BY = ['anyOf', 'oneOf', 'allOf', '$ref', 'const', 'enum', 'not'];

const isSchema = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The sub-schemas of a schema, one level down. */
function children(node: Schema): Schema[] {
  const found: Schema[] = [];
  for (const key of ONE) if (isSchema(node[key])) found.push(node[key]);
  for (const key of MAPS) if (isSchema(node[key])) found.push(...Object.values(node[key]).filter(isSchema));
  for (const key of LISTS) if (Array.isArray(node[key])) found.push(...node[key].filter(isSchema));
  return found;
}

const typesOf = (node: Schema): string[] | null =>
  node.type === undefined ? null : Array.isArray(node.type) ? (node.type as string[]) : [node.type as string];

const jsonType = (v: unknown): string =>
  v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'object' ? 'object' : typeof v;

/** What a type-less schema's other keywords say its type is, or null while that is not known yet. */
function derived(node: Schema, root: Schema): string[] | null {
  const union = (node.anyOf ?? node.oneOf) as unknown;
  if (Array.isArray(union)) {
    const types = union.map((b) => (isSchema(b) ? typesOf(b) : null));
    return types.every((t) => t !== null) ? types.flat() : null;
  }
  if (Array.isArray(node.allOf)) {
    const typed = node.allOf
      .filter(isSchema)
      .map(typesOf)
      .filter((t) => t !== null);
    const common = typed.length ? typed.reduce((a, b) => a.filter((t) => b.includes(t))) : [];
    return common.length ? common : null;
  }
  if (typeof node.$ref === 'string') {
    const target = node.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>(
        (at, part) => (isSchema(at) ? at[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined),
        root,
      );
    return isSchema(target) ? typesOf(target) : null;
  }
  if ('const' in node) return [jsonType(node.const)];
  if (Array.isArray(node.enum)) return node.enum.map(jsonType);
  return TYPED_BY.some((k) => k in node) ? null : ANY;
}

export function withTypes<T extends Schema>(document: T): T {
  const root = structuredClone(document);
  const all: Schema[] = [];
  const collect = (node: Schema) => {
    all.push(node);
    children(node).forEach(collect);
  };
  collect(root);
  // A type can depend on another one (a reference, a union of references): until nothing changes.
  for (let changed = true; changed;) {
    changed = false;
    for (const node of all.filter((n) => n.type === undefined)) {
      const types = derived(node, root);
      if (!types) continue;
      const unique = [...new Set(types)];
      node.type = unique.length === 1 ? unique[0] : unique;
      changed = true;
    }
  }
  return root;
}
