/**
 * Write epochs: a Kysely plugin that counts writes (insert/update/delete) per group of tables: 'auth'
 * (sessions, users, memberships) and 'content' (docs, param sets, dictionaries, props, and the application /
 * project / space rows above them). A cache entry is valid only while the epoch it was read in is current,
 * so a logout, a disabled account, a membership change or a doc edit takes effect on the very next request,
 * while repeated reads skip the database. Entries also expire after a short age, which bounds staleness
 * when several server processes share one database.
 */
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';

export type EpochGroup = 'auth' | 'content';

/** Tables (lower case, underscores removed) per group. */
const GROUPS: Record<EpochGroup, Set<string>> = {
  auth: new Set(['users', 'usersessions', 'spacemembers', 'projectmembers']),
  content: new Set(['docs', 'paramsets', 'props', 'enuminfos', 'enumitems', 'modules', 'projects', 'spaces']),
};

function tablesOf(node: unknown, out: Set<string>, depth = 0): void {
  if (!node || typeof node !== 'object' || depth > 12) return;
  const n = node as { kind?: string; table?: { identifier?: { name?: string } } };
  if (n.kind === 'TableNode') {
    out.add((n.table?.identifier?.name ?? '').toLowerCase().replace(/_/g, ''));
    return;
  }
  // Bound values name no table: skip them (a multi-row insert holds thousands).
  if (n.kind === 'PrimitiveValueListNode' || n.kind === 'ValueNode') return;
  for (const v of Object.values(node)) {
    if (Array.isArray(v)) for (const x of v) tablesOf(x, out, depth + 1);
    else if (v && typeof v === 'object') tablesOf(v, out, depth + 1);
  }
}

/** Counts writes per table group of one database handle. */
export class WriteEpochPlugin implements KyselyPlugin {
  /**
   * Bumped when a write naming a table of the group is compiled, again when its result arrives, and again
   * when the next transaction commits. So a reader that read between the write and its commit (other
   * connections on PostgreSQL/MySQL see the old rows until then) cannot keep its entry past the commit.
   */
  readonly epochs: Record<EpochGroup, number> = { auth: 0, content: 0 };
  private readonly pending = new Map<unknown, EpochGroup[]>();
  private readonly dirty = new Set<EpochGroup>();

  private bump(groups: Iterable<EpochGroup>): void {
    for (const g of groups) this.epochs[g]++;
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const k = args.node.kind;
    if (k === 'InsertQueryNode' || k === 'UpdateQueryNode' || k === 'DeleteQueryNode') {
      const tables = new Set<string>();
      tablesOf(args.node, tables);
      const groups = (Object.keys(GROUPS) as EpochGroup[]).filter((g) => [...tables].some((t) => GROUPS[g].has(t)));
      if (groups.length) {
        this.bump(groups);
        for (const g of groups) this.dirty.add(g);
        if (this.pending.size > 10_000) this.pending.clear();
        this.pending.set(args.queryId, groups);
      }
    }
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const groups = this.pending.get(args.queryId);
    if (groups) {
      this.pending.delete(args.queryId);
      this.bump(groups);
    }
    return args.result;
  }

  /** Called after every transaction commit. */
  committed(): void {
    if (!this.dirty.size) return;
    this.bump(this.dirty);
    this.dirty.clear();
  }
}

const epochs = new WeakMap<object, WriteEpochPlugin>();

/** Remembers the plugin of a database handle (called by openDatabase). */
export function registerWriteEpoch(db: object, plugin: WriteEpochPlugin): void {
  epochs.set(db, plugin);
}

/** The current epoch of a group for a database handle (-1 when unknown: callers then must not cache). */
export function writeEpoch(db: object, group: EpochGroup): number {
  return epochs.get(db)?.epochs[group] ?? -1;
}

/** The auth epoch (sessions, users, memberships). */
export const authEpoch = (db: object): number => writeEpoch(db, 'auth');

/** A small per-database cache whose entries die with their group's epoch, or after maxAgeMs. */
export class EpochCache<K, V> {
  private readonly maps = new WeakMap<object, Map<K, { v: V; epoch: number; at: number; w: number }>>();
  private readonly weights = new WeakMap<object, number>();
  constructor(
    private readonly maxAgeMs: number,
    private readonly maxSize = 10_000,
    private readonly group: EpochGroup = 'auth',
    /** Bounds memory: entries are dropped when the summed weight (e.g. string length) passes maxWeight. */
    private readonly weigh: (v: V) => number = () => 0,
    private readonly maxWeight = Number.POSITIVE_INFINITY,
  ) {}

  /** The epoch to pass to set(): read it BEFORE reading the data, so a concurrent write invalidates it. */
  epoch(db: object): number {
    return writeEpoch(db, this.group);
  }

  get(db: object, key: K): V | undefined {
    const e = this.maps.get(db)?.get(key);
    if (!e) return undefined;
    const epoch = writeEpoch(db, this.group);
    if (epoch < 0 || e.epoch !== epoch || Date.now() - e.at > this.maxAgeMs) return undefined;
    return e.v;
  }

  /** Stores a value read at `epoch` (take the epoch BEFORE reading, so a concurrent write invalidates it). */
  set(db: object, key: K, v: V, epoch: number): void {
    if (epoch < 0) return;
    let m = this.maps.get(db);
    if (!m) {
      m = new Map();
      this.maps.set(db, m);
    }
    const w = this.weigh(v);
    if (w > this.maxWeight) return;
    let total = (this.weights.get(db) ?? 0) + w - (m.get(key)?.w ?? 0);
    if (m.size >= this.maxSize || total > this.maxWeight) {
      m.clear();
      total = w;
    }
    this.weights.set(db, total);
    m.set(key, { v, epoch, at: Date.now(), w });
  }
}
