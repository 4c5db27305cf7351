/**
 * JSON Schema (OpenAPI 2.0/3.0/3.1 flavours) → push parameter trees, dereferenced lazily per use:
 * `$ref`s are followed on demand, a schema already on the current path is shown once with a
 * recursion marker, nesting and node count are bounded, so Stripe's 82 cyclic schemas and GitHub's
 * deep objects give bounded trees without ever materialising the whole spec.
 */
import type { PushEnumInfo, PushParam } from '@folio/shared';
import { type StoredText, type TextParam, text, writeText } from '../../i18n/stored-text.js';

/** Marker text of a schema that refers back to one of its ancestors. */
export const RECURSION_MARK = '↻ recursive:';
/** Marker text of a named schema already shown earlier in the same body. */
export const SEE_MARK = '↗ see';
/** Deepest parameter nesting produced below a `$ref` (references multiply: GitHub's bodies would not end). */
export const MAX_PARAM_DEPTH = 6;
/**
 * Deepest nesting of a schema written inline all the way down (its size is the document's, and the
 * per-doc budget still holds): a Postman body exported as OpenAPI comes back whole. Below the store's 32.
 */
export const MAX_INLINE_DEPTH = 24;
/** Most parameters produced for one doc (all its lists together). */
export const MAX_PARAMS_PER_DOC = 1500;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

const KNOWN_TYPES = new Set(['string', 'integer', 'number', 'boolean', 'object', 'array', 'null', 'file']);
const TYPE_ALIASES: Record<string, string> = {
  str: 'string',
  int: 'integer',
  long: 'integer',
  float: 'number',
  double: 'number',
  bool: 'boolean',
  dict: 'object',
  list: 'array',
  map: 'object',
};

/** Shared state of one conversion: the root document, warnings, and the per-doc node budget. */
export class SchemaWalker {
  readonly warnings: StoredText[] = [];
  private readonly warned = new Set<string>();
  budget = MAX_PARAMS_PER_DOC;
  truncated = false;
  /** Named object schemas already expanded in the current body (shown once, then referenced). */
  private expanded = new Set<string>();
  /** Dictionary name → the value set it stands for (one import never gives one name two value sets). */
  private readonly enumSets = new Map<string, string>();
  /** The operation being converted (scopes the dictionary of an inline enum whose name is taken). */
  docLabel = '';
  /**
   * Whether enums become named dictionaries of the application. Off for what is shown beside the doc's own
   * lists (other responses' bodies, headers): their values stay on the param, and no dictionary name is taken.
   */
  namedEnums = true;
  /** Deepest nesting produced now (less for what is shown beside the doc's own lists). */
  maxDepth = MAX_PARAM_DEPTH;

  /** The importer's language: the words the conversion writes into docs ("[deprecated]", "… truncated"). */
  lang = 'en';

  constructor(readonly root: Obj) {}

  /** A word written into the docs, in the importer's language. */
  say(key: string, params?: Record<string, TextParam>): string {
    if (params) return writeText(this.lang, key, params);
    let v = this.said.get(key);
    if (v === undefined) {
      v = writeText(this.lang, key);
      this.said.set(key, v);
    }
    return v;
  }
  private readonly said = new Map<string, string>();

  /** Adds a warning (a message key; written in the reader's language when read), once. */
  warn(key: string, params: Record<string, TextParam> = {}): void {
    // Places are named as the user knows them (`POST /pets › request body › owner.name`), never as pointers.
    const named: Record<string, TextParam> = {};
    for (const [k, v] of Object.entries(params))
      named[k] = typeof v === 'string' && /^#\/(?:paths|webhooks)\//.test(v) ? userLocation(v) : v;
    const msg = text(key, named);
    const id = JSON.stringify(msg);
    if (this.warned.has(id) || this.warnings.length >= 500) return;
    this.warned.add(id);
    this.warnings.push(msg);
  }

  /** Starts the budget of a new doc. */
  startDoc(): void {
    this.budget = MAX_PARAMS_PER_DOC;
    this.truncated = false;
    this.expanded.clear();
  }

  /** Starts a new body or parameter list: named schemas may be expanded again. */
  startList(): void {
    this.expanded.clear();
  }

  /** Follows a local JSON pointer; external refs are reported and treated as empty. */
  lookup(ref: string): unknown {
    if (!ref.startsWith('#')) {
      this.warn('import.warn.external_ref', { ref });
      return undefined;
    }
    let cur: unknown = this.root;
    for (const raw of ref.slice(1).split('/').slice(1)) {
      const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      if (!isObj(cur) && !Array.isArray(cur)) return undefined;
      cur = (cur as Obj)[key];
    }
    if (cur === undefined) this.warn('import.warn.unresolved_ref', { ref });
    return cur;
  }

  /** Resolves a value that may be a $ref (chains followed, max 32). */
  deref<T = Obj>(v: unknown): { value: T | undefined; ref: string } {
    let cur = v;
    let ref = '';
    for (let i = 0; i < 32 && isObj(cur) && typeof cur.$ref === 'string'; i++) {
      ref = cur.$ref;
      cur = this.lookup(ref);
    }
    return { value: isObj(cur) ? (cur as T) : undefined, ref };
  }

  /** Normalises a schema: follows $ref, merges allOf, returns the refs entered (for cycle checks). */
  normalize(schema: unknown, stack: string[]): { s: Obj; refs: string[]; cycle: string; own: string } {
    const refs: string[] = [];
    const out = this.normalizeInner(schema, stack, refs);
    // The schema's own name: the end of its $ref chain (allOf parts enter refs after it).
    return { ...out, refs, own: out.chain };
  }

  private normalizeInner(schema: unknown, stack: string[], refs: string[]): { s: Obj; cycle: string; chain: string } {
    let cur = schema;
    let chain = '';
    for (let i = 0; i < 32 && isObj(cur) && typeof cur.$ref === 'string'; i++) {
      const ref = cur.$ref;
      if (stack.includes(ref) || refs.includes(ref)) return { s: {}, cycle: ref, chain: ref };
      refs.push(ref);
      chain = ref;
      const siblings = { ...cur };
      delete siblings.$ref;
      const target = this.lookup(ref);
      // 3.1 allows siblings next to $ref (description, example): keep them over the target's.
      cur = isObj(target) ? (Object.keys(siblings).length ? { ...target, ...siblings } : target) : {};
    }
    if (!isObj(cur)) return { s: {}, cycle: '', chain };
    let s = cur;
    // A single-alternative anyOf/oneOf (how 3.0 writes a nullable $ref) is the alternative itself.
    const single =
      (Array.isArray(s.anyOf) && s.anyOf.length === 1 && s.anyOf) || (Array.isArray(s.oneOf) && s.oneOf.length === 1 && s.oneOf);
    // (Not alternatives Folio's export marks as such: one left of several, see to-openapi.ts.)
    const folioAlts = typeof s['x-folio-type'] === 'string' && /^(oneOf|anyOf)\b/.test(s['x-folio-type']);
    if (single && !isObj(s.properties) && !s.allOf && !folioAlts) {
      const inner = this.normalize(single[0], [...stack, ...refs]);
      if (inner.cycle) return { s: {}, cycle: inner.cycle, chain };
      refs.push(...inner.refs);
      chain = chain || inner.own;
      const own = { ...s };
      delete own.anyOf;
      delete own.oneOf;
      s = { ...inner.s, ...Object.fromEntries(Object.entries(own).filter(([, v]) => v !== undefined)) };
    }
    if (Array.isArray(s.allOf) && s.allOf.length) {
      const merged: Obj = { ...s };
      delete merged.allOf;
      const props: Obj = {};
      const required = new Set<string>(Array.isArray(s.required) ? (s.required as string[]) : []);
      for (const part of s.allOf as unknown[]) {
        const n = this.normalize(part, [...stack, ...refs]);
        if (n.cycle) continue;
        refs.push(...n.refs);
        const p = n.s;
        if (isObj(p.properties)) Object.assign(props, p.properties);
        if (Array.isArray(p.required)) for (const r of p.required) required.add(String(r));
        for (const k of [
          'type',
          'description',
          'title',
          'enum',
          'items',
          'format',
          'example',
          'discriminator',
          'additionalProperties',
          'oneOf',
          'anyOf',
          'nullable',
          'deprecated',
        ]) {
          if (merged[k] === undefined && p[k] !== undefined) merged[k] = p[k];
        }
      }
      if (isObj(s.properties)) Object.assign(props, s.properties);
      if (Object.keys(props).length) merged.properties = props;
      if (required.size) merged.required = [...required];
      if (merged.type === undefined && Object.keys(props).length) merged.type = 'object';
      s = merged;
    }
    return { s, cycle: '', chain };
  }

  /** The type text of a normalised schema ("string", "string|null", "array[integer]", "object", "file"). */
  typeOf(s: Obj, where: string): { type: string; base: string; nullable: boolean } {
    let types: string[] = [];
    if (Array.isArray(s.type)) types = s.type.map(String);
    else if (typeof s.type === 'string') types = [s.type];
    types = types.map((t) => {
      if (KNOWN_TYPES.has(t)) return t;
      const alias = TYPE_ALIASES[t.toLowerCase()];
      this.warn('import.warn.unknown_type', { type: t, where, as: alias ?? 'string' });
      return alias ?? 'string';
    });
    const nullable = types.includes('null') || s.nullable === true;
    let nonNull = types.filter((t) => t !== 'null');
    if (!nonNull.length) {
      if (isObj(s.properties) || isObj(s.additionalProperties)) nonNull = ['object'];
      else if (s.items !== undefined) nonNull = ['array'];
      else if (Array.isArray(s.enum) && s.enum.length) {
        const v = s.enum.find((x) => x !== null);
        nonNull = [typeof v === 'number' ? (Number.isInteger(v) ? 'integer' : 'number') : typeof v === 'boolean' ? 'boolean' : 'string'];
      } else if (s.format) nonNull = ['string'];
      else if (types.includes('null')) nonNull = [];
      else nonNull = ['object'];
    }
    let base = nonNull[0] ?? 'null';
    if ((base === 'string' && (s.format === 'binary' || s.contentMediaType === 'application/octet-stream')) || base === 'file')
      base = 'file';
    // A format (int64, uuid, date-time…) is kept in the type text: `integer(int64)`, `string(uuid)`.
    const format = typeof s.format === 'string' && /^[\w.-]{1,32}$/.test(s.format) ? s.format : '';
    let type =
      nonNull.length > 1
        ? nonNull.join('|')
        : format && base !== 'file' && base !== 'object' && base !== 'array'
          ? `${base}(${format})`
          : base;
    if (nullable) type = `${type}|null`;
    return { type, base, nullable };
  }

  /**
   * A dictionary name for a value set: the first name candidate that is free or already stands for the
   * same values, else the last one numbered. A named (components) enum offers its name; an inline one its
   * property name, then `Owner.property` (Owner: the enclosing named schema, or the operation).
   */
  private enumName(candidates: string[], sig: string): string {
    for (const c of candidates) {
      const had = this.enumSets.get(c);
      if (had === undefined) this.enumSets.set(c, sig);
      if (had === undefined || had === sig) return c;
    }
    const last = candidates[candidates.length - 1];
    for (let n = 2; ; n++) {
      const c = `${last} (${n})`;
      const had = this.enumSets.get(c);
      if (had === undefined) this.enumSets.set(c, sig);
      if (had === undefined || had === sig) return c;
    }
  }

  /** Enum items of a schema as a dictionary (null when none), named by `enumName`. */
  enumOf(s: Obj, name: string, named = false, owner = ''): PushEnumInfo | null {
    const info = this.enumItems(s, name);
    if (!info || !this.namedEnums) return info;
    const sig = JSON.stringify(info.items?.map((i) => [i.name, i.value]));
    const scope = owner || this.docLabel;
    info.name = this.enumName(named || !scope ? [name] : [name, `${scope}.${name}`], sig);
    return info;
  }

  private enumItems(s: Obj, name: string): PushEnumInfo | null {
    if (!Array.isArray(s.enum) || !s.enum.length) return null;
    const names = (s['x-enum-varnames'] ?? s['x-enumNames']) as unknown[] | undefined;
    const descs = (s['x-enum-descriptions'] ?? s['x-enumDescriptions']) as unknown[] | undefined;
    return {
      name,
      description: typeof s.description === 'string' ? s.description.slice(0, 500) : '',
      items: s.enum
        .filter((v) => v !== null)
        .slice(0, 500)
        .map((v, i) => ({
          // (An empty value, Stripe's way to unset, needs a name to be stored: `""`.)
          name: Array.isArray(names) && names[i] != null ? String(names[i]) : v === '' ? '""' : String(v),
          type: typeof v === 'number' ? 'number' : typeof v === 'boolean' ? 'boolean' : 'string',
          value: typeof v === 'object' ? JSON.stringify(v) : String(v),
          description: Array.isArray(descs) && descs[i] != null ? String(descs[i]) : '',
        })),
    };
  }

  /** The parameters under an object schema (its properties), or under an array's item object. */
  childrenOf(s: Obj, stack: string[], depth: number, example: unknown, where: string): PushParam[] {
    const out: PushParam[] = [];
    const required = new Set(Array.isArray(s.required) ? (s.required as unknown[]).map(String) : []);
    const ex = isObj(example) ? example : undefined;
    if (isObj(s.properties)) {
      for (const [name, ps] of Object.entries(s.properties)) {
        if (this.budget <= 0) {
          this.truncated = true;
          break;
        }
        out.push(this.param(name, ps, required.has(name), stack, depth, ex?.[name], `${where}/properties/${name}`));
      }
    }
    if (!out.length && s.additionalProperties && isObj(s.additionalProperties) && this.budget > 0) {
      out.push(this.param('<key>', s.additionalProperties, false, stack, depth, undefined, `${where}/additionalProperties`));
    }
    return out;
  }

  /** Converts one named schema into a parameter (children nested, bounded). */
  param(name: string, schema: unknown, required: boolean, stack: string[], depth: number, example: unknown, where: string): PushParam {
    this.budget--;
    const n = this.normalize(schema, stack);
    const s = n.s;
    const desc: string[] = [];
    // A title that names the parameter (an alternative's label) is not repeated as its description.
    const d0 = typeof s.description === 'string' ? s.description : typeof s.title === 'string' && s.title !== name ? s.title : '';
    if (s.deprecated === true) desc.push(this.say('import.text.deprecated_mark'));
    if (d0) desc.push(d0);
    if (n.cycle) {
      return {
        name,
        type: 'object',
        required: required ? 1 : 0,
        description: `${RECURSION_MARK} ${refName(n.cycle)}`,
        example: '',
        children: [],
      };
    }
    const innerStack = n.refs.length ? [...stack, ...n.refs] : stack;
    const t = this.typeOf(s, where);
    // A named object schema is expanded once per body; later uses point back to it.
    const named = n.own || (n.refs.length ? n.refs[n.refs.length - 1] : '');
    // A named object that is shown shows its schema's name in its type (`object(customer)`): what "↗ see customer"
    // and "↻ recursive: customer" point to.
    // (Folio's export writes the name it showed as `x-folio-type`: the schema itself is written in place.)
    const exported =
      typeof s['x-folio-type'] === 'string' && t.base === 'object' && /^object(\([\w.-]{1,48}\))?(\|null)?$/.test(s['x-folio-type']);
    const type = exported
      ? String(s['x-folio-type'])
      : named && t.base === 'object' && isObj(s.properties)
        ? namedType(t.type, refName(named))
        : t.type;
    if (named && depth > 0 && t.base === 'object' && isObj(s.properties)) {
      if (this.expanded.has(named)) {
        desc.push(`${SEE_MARK} ${refName(named)}`);
        return { name, type: t.type, required: required ? 1 : 0, description: desc.join(' '), example: '' };
      }
      this.expanded.add(named);
    }
    const p: PushParam = { name, type, required: required ? 1 : 0, example: '', description: '', children: [] };
    if (typeof s.maxLength === 'number') p.maxLength = String(s.maxLength);
    const exVal = example !== undefined ? example : exampleOf(s);
    const refLabel = named ? refName(named) : '';
    const owner = stack.length ? refName(stack[stack.length - 1]) : '';
    const en = this.enumOf(s, refLabel || name, !!refLabel, owner);
    if (en) p.enumInfo = en;
    // A discriminator goes into the alternatives' type (`oneOf(petType)`); its mapping into each
    // alternative's discriminator property as that alternative's example value (see docs/import-export.md).
    const disc = isObj(s.discriminator) && typeof s.discriminator.propertyName === 'string' ? s.discriminator : null;
    const alts = (Array.isArray(s.oneOf) ? s.oneOf : Array.isArray(s.anyOf) ? s.anyOf : null) as unknown[] | null;
    // The bound: lower for what is shown beside the doc's own lists; deeper for a schema inline all the way down.
    const tooDeep = depth >= (!innerStack.length && this.maxDepth === MAX_PARAM_DEPTH ? MAX_INLINE_DEPTH : this.maxDepth);
    // Alternatives cut short where Folio's export found them (see to-openapi.ts) come back as they were.
    const folioType = typeof s['x-folio-type'] === 'string' && /^(oneOf|anyOf)\b/.test(s['x-folio-type']) ? s['x-folio-type'] : '';
    if (folioType && !alts) p.type = folioType;
    if (alts && !isObj(s.properties)) {
      const kind = Array.isArray(s.oneOf) ? 'oneOf' : 'anyOf';
      const simple = alts.every((a) => {
        const an = this.normalize(a, innerStack);
        return (
          !an.cycle &&
          !an.refs.length &&
          ['string', 'integer', 'number', 'boolean', 'null'].includes(this.typeOf(an.s, where).base) &&
          !an.s.enum
        );
      });
      if (simple && !folioType) {
        const types = [...new Set(alts.map((a) => this.typeOf(this.normalize(a, innerStack).s, where).type))];
        p.type = types.join('|');
      } else if (tooDeep) {
        p.type = kind;
        desc.push(this.say('import.text.truncated'));
      } else {
        p.type = disc ? `${kind}(${String(disc.propertyName)})` : kind;
        const mapping = disc && isObj(disc.mapping) ? Object.entries(disc.mapping) : [];
        const labels = new Set<string>();
        alts.forEach((a, i) => {
          if (this.budget <= 0) {
            this.truncated = true;
            return;
          }
          const an = this.normalize(a, innerStack);
          let label = an.cycle
            ? refName(an.cycle)
            : typeof an.s.title === 'string' && an.s.title
              ? an.s.title
              : an.own
                ? refName(an.own)
                : `(${this.typeOf(an.s, where).type})`;
          // Two alternatives never share a name (two inline objects would both be "(object)").
          for (let k = 2; labels.has(label); k++) label = `${label.replace(/ #\d+$/, '')} #${k}`;
          labels.add(label);
          const alt = this.param(label, a, false, innerStack, depth + 1, undefined, `${where}/${kind}/${i}`);
          const value = mapping.find(([, target]) => an.own && String(target) === an.own)?.[0];
          const prop = disc && value !== undefined ? alt.children?.find((c) => c.name === disc.propertyName) : undefined;
          if (prop) prop.example = value;
          p.children?.push(alt);
        });
      }
    } else if (t.base === 'array') {
      const items = s.items;
      const ni = this.normalize(items, innerStack);
      if (items === undefined || (isObj(items) && !Object.keys(items).length)) {
        // Items of any kind (none declared): an array, not a guess at what it holds.
        p.type = `array${t.nullable ? '|null' : ''}`;
      } else if (ni.cycle) {
        p.type = 'array';
        desc.push(`${RECURSION_MARK} ${refName(ni.cycle)}`);
      } else {
        const it = this.typeOf(ni.s, `${where}/items`);
        const folioAlts = typeof ni.s['x-folio-type'] === 'string';
        const objectish =
          isObj(ni.s.properties) ||
          Array.isArray(ni.s.oneOf) ||
          Array.isArray(ni.s.anyOf) ||
          folioAlts ||
          isObj(ni.s.additionalProperties) ||
          it.base === 'array';
        if (!objectish) {
          p.type = `array[${it.type}]${t.nullable ? '|null' : ''}`;
          if (it.base === 'file') p.type = 'file[]';
          const iref = refName(ni.refs[ni.refs.length - 1] ?? '');
          const ien = this.enumOf(ni.s, iref || name, !!iref, stack.length ? refName(stack[stack.length - 1]) : '');
          if (ien && !p.enumInfo) p.enumInfo = ien;
        } else if (tooDeep) {
          desc.push(this.say('import.text.truncated'));
        } else if (it.base === 'array' || Array.isArray(ni.s.oneOf) || Array.isArray(ni.s.anyOf) || folioAlts) {
          p.children = [
            this.param('[item]', items, false, innerStack, depth + 1, Array.isArray(exVal) ? exVal[0] : undefined, `${where}/items`),
          ];
        } else {
          p.children = this.childrenOf(
            ni.s,
            [...innerStack, ...ni.refs],
            depth + 1,
            Array.isArray(exVal) ? exVal[0] : undefined,
            `${where}/items`,
          );
        }
        // The item's description goes to the array, unless an "[item]" child shows the item itself.
        const itemChild = p.children?.length === 1 && p.children[0].name === '[item]';
        if (typeof ni.s.description === 'string' && !d0 && !itemChild) desc.push(ni.s.description);
      }
      if (exVal !== undefined && !isObj(exVal) && !(Array.isArray(exVal) && exVal.some((x) => isObj(x)))) p.example = exampleText(exVal);
    } else if (t.base === 'object') {
      if (tooDeep && (isObj(s.properties) || isObj(s.additionalProperties))) desc.push(this.say('import.text.truncated'));
      else p.children = this.childrenOf(s, innerStack, depth + 1, exVal, where);
    } else if (exVal !== undefined) {
      p.example = exampleText(exVal);
    }
    if (s.default !== undefined && p.example === '' && !isObj(s.default) && !Array.isArray(s.default)) p.example = exampleText(s.default);
    p.description = desc.join(' ');
    if (!p.children?.length) delete p.children;
    return p;
  }

  /**
   * The top-level parameters of a body schema: an object's properties, an array's item properties
   * (flagged as a root array), alternatives, or a single "body" parameter for a scalar.
   */
  body(schema: unknown, example: unknown, where: string): { params: PushParam[]; isArray: boolean; arrayType: string } {
    this.startList();
    const n = this.normalize(schema, []);
    const s = n.s;
    const t = this.typeOf(s, where);
    if (n.cycle) return { params: [], isArray: false, arrayType: '' };
    if (t.base === 'array') {
      const ni = this.normalize(s.items, n.refs);
      const it = this.typeOf(ni.s, `${where}/items`);
      if (isObj(ni.s.properties) && !ni.cycle) {
        return {
          params: this.childrenOf(ni.s, [...n.refs, ...ni.refs], 0, Array.isArray(example) ? example[0] : undefined, `${where}/items`),
          isArray: true,
          arrayType: 'object',
        };
      }
      return { params: [], isArray: true, arrayType: it.type };
    }
    if ((Array.isArray(s.oneOf) || Array.isArray(s.anyOf)) && !isObj(s.properties)) {
      // Alternatives stay alternatives: one parameter (named after the schema) whose children are they.
      // (Folio's export numbers a component whose name another schema holds: `external_account_2`, titled
      // `external_account`.)
      const own = n.own ? refName(n.own) : '';
      const title = typeof s.title === 'string' ? s.title : '';
      const name = title && own.startsWith(title) && /^_\d+$/.test(own.slice(title.length)) ? title : own || 'body';
      const p = this.param(name, schema, false, [], 0, example, where);
      return { params: [p], isArray: false, arrayType: '' };
    }
    if (t.base === 'object') return { params: this.childrenOf(s, n.refs, 0, example, where), isArray: false, arrayType: '' };
    return { params: [this.param('body', schema, false, [], 0, example, where)], isArray: false, arrayType: '' };
  }
}

/** A JSON pointer into an operation (`#/paths/~1pets/post/requestBody/…/properties/owner`) as the user reads it. */
export function userLocation(pointer: string): TextParam[] {
  const segs = pointer
    .replace(/^#\//, '')
    .split('/')
    .map((x) => x.replace(/~1/g, '/').replace(/~0/g, '~'));
  const [, path, method, ...rest] = segs;
  const out: TextParam[] = [`${(method ?? '').toUpperCase()} ${path ?? ''}`.trim()];
  const field: TextParam[] = [];
  const addField = (f: TextParam) => {
    if (field.length && f !== '[]') field.push('.');
    field.push(f);
  };
  for (let i = 0; i < rest.length; i++) {
    const k = rest[i];
    if (k === 'parameters') out.push(text('import.loc.parameter', { n: Number(rest[++i]) + 1 }));
    else if (k === 'requestBody') out.push(text('import.loc.request_body'));
    else if (k === 'responses') out.push(text('import.loc.response', { status: rest[++i] ?? '' }));
    else if (k === 'content') i++;
    else if (k === 'properties') addField(rest[++i] ?? '');
    else if (k === 'items') addField('[]');
    else if (k === 'additionalProperties') addField('<key>');
    else if (k === 'oneOf' || k === 'anyOf') addField(text('import.loc.alternative', { n: Number(rest[++i]) + 1 }));
  }
  if (field.length) out.push(field);
  return out.flatMap((x, i) => (i ? [' › ', x] : [x]));
}

/**
 * An object type with its schema's name (`object` → `object(Pet)`, `object|null` → `object(Pet)|null`); the
 * type stays as it is when the name would not read as one (spaces, brackets) or the type would pass 64 characters.
 */
export function namedType(type: string, name: string): string {
  if (!/^[\w.-]{1,48}$/.test(name) || !type.startsWith('object')) return type;
  const out = `object(${name})${type.slice('object'.length)}`;
  return out.length <= 64 ? out : type;
}

/** The last segment of a $ref ("#/components/schemas/Pet" → "Pet"). */
export function refName(ref: string): string {
  const i = ref.lastIndexOf('/');
  return decodeURIComponent(i >= 0 ? ref.slice(i + 1) : ref)
    .replace(/~1/g, '/')
    .replace(/~0/g, '~');
}

/** The example a schema declares (example, first of examples, const). */
export function exampleOf(s: Obj): unknown {
  if (s.example !== undefined) return s.example;
  if (Array.isArray(s.examples) && s.examples.length) return s.examples[0];
  if (s.const !== undefined) return s.const;
  return undefined;
}

/** Example text as stored (scalars as is, structures as JSON, capped). */
export function exampleText(v: unknown): string {
  if (v === null || v === undefined) return '';
  const s = typeof v === 'object' ? JSON.stringify(v) : String(v);
  return s.length > 4000 ? `${s.slice(0, 4000)}…` : s;
}
