/**
 * Mock.js-style templates on plain data, in plain TypeScript (no eval): property rules
 * (`'list|1-10': [...]`, `'id|+1': 1`, `'n|1-100': 1`, `'f|1-10.1-2': 1`, `'b|1': true`, `'s|3': 'ab'`, `'o|2': {...}`,
 * `'pick|1': [...]`) and `@placeholders` (`@name`, `@cname`, `@email`, `@integer(1,100)`, `@date('yyyy-MM-dd')`,
 * ...), with Chinese and English fake data. Bounded: counts, depth, output size and string length are capped,
 * because templates come from mock rules that anyone with a mock URL can trigger.
 */

const MAX_COUNT = 1000;
const MAX_DEPTH = 48;
const MAX_NODES = 200_000;
const MAX_STRING = 1_000_000;

const FIRST = [
  'James',
  'Mary',
  'John',
  'Patricia',
  'Robert',
  'Jennifer',
  'Michael',
  'Linda',
  'William',
  'Elizabeth',
  'David',
  'Susan',
  'Richard',
  'Jessica',
  'Joseph',
  'Sarah',
  'Thomas',
  'Karen',
  'Charles',
  'Nancy',
];
const LAST = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
];
const CFIRST = ['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '吴', '周', '徐', '孙', '马', '朱', '胡', '郭', '何', '高', '林', '罗'];
const CLAST = ['伟', '芳', '娜', '秀英', '敏', '静', '丽', '强', '磊', '军', '洋', '勇', '艳', '杰', '娟', '涛', '明', '超', '秀兰', '霞'];
const WORDS =
  'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore et dolore magna aliqua enim ad minim veniam quis nostrud'.split(
    ' ',
  );
const CWORDS =
  '的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种面而方后多定行学法所民得经十三之进着等部度家电力里如水化高自二理起小物现实加量都两体制机当使点从业本去把性好应开它合还因由其些然前外天政四日那社义事平形相全表间样与关各重新线内数正心反你明看原又么利比或但质气第向道命此变条只没结解问意建月公无系军很情者最立代想已通并提直题党程展五果料象员革位入常文总次品式活设及管特件长求老头基资边流路级少图山统接知较将组见计别她手角期根论运农指几九区强放决西被干做必战先回则任取据处队南给色光门即保治北造百规热领七海口东导器压志世金增争济阶油思术极交受联什认六共权收证改清己美再采转更单风切打白教速花带安场身车例真务具万每目至达走积示议声报斗完类八离华名确才科张信马节话米整空元况今集温传土许步群广石记需段研界拉林律叫且究观越织装影算低持音众书布复容儿须际商非验连断深难近矿千周委素技备半办青省列习响约支般史感劳便团往酸历市克何除消构府称太准精值号率族维划选标写存候毛亲快效斯院查江型眼王按格养易置派层片始却专状育厂京识适属圆包火住调满县局照参红细引听该铁价严'.split(
    '',
  );
const PROVINCES = ['北京市', '上海市', '广东省', '浙江省', '江苏省', '四川省', '湖北省', '山东省', '福建省', '河南省'];
const CITIES = ['北京市', '上海市', '广州市', '深圳市', '杭州市', '南京市', '成都市', '武汉市', '济南市', '厦门市'];
const COUNTIES = ['朝阳区', '浦东新区', '天河区', '南山区', '西湖区', '鼓楼区', '武侯区', '洪山区', '历下区', '思明区'];
const DOMAINS = ['example.com', 'example.org', 'example.net', 'test.dev', 'mock.io'];

/** A bounded source of fake values. */
export class Faker {
  constructor(private readonly rand: () => number = Math.random) {}
  integer(min = -9007199254740991, max = 9007199254740991): number {
    const lo = Math.ceil(Math.min(min, max));
    const hi = Math.floor(Math.max(min, max));
    return lo + Math.floor(this.rand() * (hi - lo + 1));
  }
  natural(min = 0, max = 9007199254740991): number {
    return this.integer(Math.max(0, min), max);
  }
  float(min = -1e6, max = 1e6, dmin = 0, dmax = 17): number {
    const d = this.integer(Math.max(0, dmin), Math.min(17, Math.max(dmin, dmax)));
    const whole = this.integer(min, max);
    let frac = '';
    for (let i = 0; i < d; i++) frac += i === d - 1 ? this.integer(1, 9) : this.integer(0, 9);
    return Number.parseFloat(`${whole}.${frac || '0'}`);
  }
  boolean(min = 1, max = 1, cur?: boolean): boolean {
    if (cur !== undefined) {
      const p = min / (min + max);
      return this.rand() < p ? cur : !cur;
    }
    return this.rand() >= 0.5;
  }
  pick<T>(list: readonly T[]): T {
    return list[this.integer(0, list.length - 1)];
  }
  character(pool = 'lower'): string {
    const pools: Record<string, string> = {
      lower: 'abcdefghijklmnopqrstuvwxyz',
      upper: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
      number: '0123456789',
      symbol: '!@#$%^&*()[]',
    };
    const p = pools[pool] ?? (pool || pools.lower + pools.upper + pools.number);
    return p.charAt(this.integer(0, p.length - 1));
  }
  string(pool?: string | number, min?: number, max?: number): string {
    let poolName = 'lower';
    let lo = 3;
    let hi = 7;
    if (typeof pool === 'number') {
      lo = pool;
      hi = min ?? pool;
    } else {
      if (pool) poolName = pool;
      if (min !== undefined) {
        lo = min;
        hi = max ?? min;
      }
    }
    const n = Math.min(this.integer(lo, hi), 10_000);
    let s = '';
    for (let i = 0; i < n; i++) s += this.character(poolName);
    return s;
  }
  first = () => this.pick(FIRST);
  last = () => this.pick(LAST);
  name = (middle?: boolean) => `${this.first()} ${middle ? `${this.first()} ` : ''}${this.last()}`;
  cfirst = () => this.pick(CFIRST);
  clast = () => this.pick(CLAST);
  cname = () => this.cfirst() + this.clast();
  word = (min = 3, max = 10) => {
    let s = '';
    const n = this.integer(min, Math.min(max, 50));
    while (s.length < n) s += this.pick(WORDS);
    return s.slice(0, n);
  };
  cword = (min = 1, max = 1) => {
    let s = '';
    const n = this.integer(min, Math.min(max, 200));
    for (let i = 0; i < n; i++) s += this.pick(CWORDS);
    return s;
  };
  title = (min = 3, max = 7) => {
    const n = this.integer(min, Math.min(max, 50));
    return Array.from({ length: n }, () => this.pick(WORDS))
      .map((w) => w[0].toUpperCase() + w.slice(1))
      .join(' ');
  };
  ctitle = (min = 3, max = 7) => this.cword(min, max);
  sentence = (min = 12, max = 18) => {
    const n = this.integer(min, Math.min(max, 200));
    const s = Array.from({ length: n }, () => this.pick(WORDS)).join(' ');
    return `${s[0].toUpperCase()}${s.slice(1)}.`;
  };
  csentence = (min = 12, max = 18) => `${this.cword(min, max)}。`;
  paragraph = (min = 3, max = 7) => Array.from({ length: this.integer(min, Math.min(max, 50)) }, () => this.sentence()).join(' ');
  cparagraph = (min = 3, max = 7) => Array.from({ length: this.integer(min, Math.min(max, 50)) }, () => this.csentence()).join('');
  domain = () => `${this.word(3, 8)}.${this.pick(['com', 'net', 'org', 'io', 'cn'])}`;
  email = () => `${this.pick(FIRST).toLowerCase()}.${this.pick(LAST).toLowerCase()}${this.integer(1, 99)}@${this.pick(DOMAINS)}`;
  url = (protocol = 'http') => `${protocol}://${this.domain()}/${this.word(3, 8)}`;
  ip = () => `${this.integer(1, 254)}.${this.integer(0, 255)}.${this.integer(0, 255)}.${this.integer(1, 254)}`;
  guid = () => {
    const h = (n: number) => Array.from({ length: n }, () => '0123456789abcdef'[this.integer(0, 15)]).join('');
    return `${h(8)}-${h(4)}-4${h(3)}-${'89ab'[this.integer(0, 3)]}${h(3)}-${h(12)}`;
  };
  uuid = () => this.guid();
  id = () => {
    let s = String(this.integer(110000, 659999));
    s += this.date('yyyyMMdd') + String(this.integer(100, 999));
    return `${s}${this.integer(0, 9)}`;
  };
  zip = () => String(this.integer(100000, 999999));
  phone = () => `1${this.pick(['3', '5', '7', '8', '9'])}${String(this.integer(0, 999999999)).padStart(9, '0')}`;
  mobile = () => this.phone();
  province = () => this.pick(PROVINCES);
  city = (prefix?: boolean) => (prefix ? `${this.province()} ` : '') + this.pick(CITIES);
  county = (prefix?: boolean) => (prefix ? `${this.province()} ${this.pick(CITIES)} ` : '') + this.pick(COUNTIES);
  region = () => this.pick(['华北', '华东', '华南', '华中', '西南', '西北', '东北']);
  color = () => `#${this.integer(0, 0xffffff).toString(16).padStart(6, '0')}`;
  hex = () => this.color();
  image = (size = '200x100') => `https://dummyimage.com/${String(size).replace(/[^0-9x]/g, '') || '200x100'}`;
  private fmt(d: Date, format: string): string {
    const pad = (n: number, l = 2) => String(n).padStart(l, '0');
    return format
      .replace(/yyyy/g, String(d.getFullYear()))
      .replace(/yy/g, String(d.getFullYear()).slice(2))
      .replace(/MM/g, pad(d.getMonth() + 1))
      .replace(/dd/g, pad(d.getDate()))
      .replace(/HH/g, pad(d.getHours()))
      .replace(/mm/g, pad(d.getMinutes()))
      .replace(/ss/g, pad(d.getSeconds()))
      .replace(/SS/g, pad(d.getMilliseconds(), 3));
  }
  private randomDate(): Date {
    return new Date(this.integer(0, Date.now()));
  }
  date = (format = 'yyyy-MM-dd') => this.fmt(this.randomDate(), String(format));
  time = (format = 'HH:mm:ss') => this.fmt(this.randomDate(), String(format));
  datetime = (format = 'yyyy-MM-dd HH:mm:ss') => this.fmt(this.randomDate(), String(format));
  now = (_unit?: string, format = 'yyyy-MM-dd HH:mm:ss') => this.fmt(new Date(), String(format));
  timestamp = () => Date.now();
  bool = () => this.boolean();
}

/** Placeholder names usable as `@name(...)` and as `Random.name(...)` in scripts. */
export const PLACEHOLDERS = [
  'integer',
  'int',
  'natural',
  'float',
  'boolean',
  'bool',
  'character',
  'string',
  'pick',
  'first',
  'last',
  'name',
  'cfirst',
  'clast',
  'cname',
  'word',
  'cword',
  'title',
  'ctitle',
  'sentence',
  'csentence',
  'paragraph',
  'cparagraph',
  'domain',
  'email',
  'url',
  'ip',
  'guid',
  'uuid',
  'id',
  'zip',
  'phone',
  'mobile',
  'province',
  'city',
  'county',
  'region',
  'color',
  'hex',
  'image',
  'date',
  'time',
  'datetime',
  'now',
  'timestamp',
  'increment',
] as const;

function parseArgs(raw: string): unknown[] {
  if (!raw.trim()) return [];
  try {
    const v = JSON.parse(`[${raw.replace(/'/g, '"')}]`);
    return Array.isArray(v) ? v : [];
  } catch {
    return raw.split(',').map((x) => {
      const s = x.trim();
      return s !== '' && Number.isFinite(Number(s)) ? Number(s) : s;
    });
  }
}

/** Renders Mock.js templates. One instance per render: it holds the `|+1` counters and the size budget. */
export class TemplateRenderer {
  private nodes = 0;
  private chars = 0;
  private counters = new Map<string, number>();
  private incr = 0;
  readonly faker: Faker;

  constructor(rand?: () => number) {
    this.faker = new Faker(rand);
  }

  private budget(chars = 0): void {
    this.nodes++;
    this.chars += chars;
    if (this.nodes > MAX_NODES || this.chars > MAX_STRING * 4) throw new Error('mock template output is too large');
  }

  /** Calls one placeholder by name (unknown names return null). */
  call(name: string, args: unknown[]): unknown {
    const f = this.faker as unknown as Record<string, (...a: unknown[]) => unknown>;
    const n = name.toLowerCase();
    if (n === 'increment') return ++this.incr;
    if (n === 'int') return this.faker.integer(...(args as number[]));
    if (n === 'pick') return Array.isArray(args[0]) ? this.faker.pick(args[0] as unknown[]) : args.length ? this.faker.pick(args) : null;
    if (!(PLACEHOLDERS as readonly string[]).includes(n) || typeof f[n] !== 'function') return null;
    return f[n].apply(this.faker, args.slice(0, 4));
  }

  /** Replaces @placeholders in a string; a string that is one placeholder keeps the value's type. */
  placeholders(s: string): unknown {
    if (!s.includes('@')) return s;
    const re = /@([a-zA-Z]+)(?:\(([^()]*)\))?/g;
    const whole = /^@([a-zA-Z]+)(?:\(([^()]*)\))?$/.exec(s);
    if (whole) {
      const v = this.call(whole[1], parseArgs(whole[2] ?? ''));
      return v === null ? s : v;
    }
    return s.replace(re, (m, name: string, args: string | undefined) => {
      const v = this.call(name, parseArgs(args ?? ''));
      return v === null ? m : String(v);
    });
  }

  /** Renders a template value. */
  render(tpl: unknown, depth = 0): unknown {
    if (depth > MAX_DEPTH) throw new Error('mock template is nested too deeply');
    this.budget();
    if (typeof tpl === 'string') {
      const v = this.placeholders(tpl);
      if (typeof v === 'string') this.budget(v.length);
      return v;
    }
    if (Array.isArray(tpl)) return tpl.map((x) => this.render(x, depth + 1));
    if (tpl && typeof tpl === 'object') {
      const out: Record<string, unknown> = {};
      for (const [rawKey, value] of Object.entries(tpl as Record<string, unknown>)) {
        const bar = rawKey.indexOf('|');
        if (bar < 0) {
          out[rawKey] = this.render(value, depth + 1);
          continue;
        }
        const key = rawKey.slice(0, bar);
        out[key] = this.rule(rawKey.slice(bar + 1), value, depth + 1, rawKey);
      }
      return out;
    }
    return tpl;
  }

  private rule(rule: string, value: unknown, depth: number, counterKey: string): unknown {
    const f = this.faker;
    const step = /^\+(\d+)$/.exec(rule);
    const range = /^(\d+)(?:-(\d+))?(?:\.(\d+)(?:-(\d+))?)?$/.exec(rule);
    const cap = (n: number) => Math.min(n, MAX_COUNT);
    const count = range ? cap(range[2] !== undefined ? f.integer(Number(range[1]), Number(range[2])) : Number(range[1])) : 1;
    if (typeof value === 'number') {
      if (step) {
        const cur = this.counters.get(counterKey) ?? value;
        this.counters.set(counterKey, cur + Number(step[1]));
        return cur;
      }
      if (!range) return value;
      const lo = Number(range[1]);
      const hi = range[2] !== undefined ? Number(range[2]) : lo;
      if (range[3] !== undefined) {
        const dmin = Number(range[3]);
        const dmax = range[4] !== undefined ? Number(range[4]) : dmin;
        return f.float(lo, hi, dmin, dmax);
      }
      return f.integer(lo, hi);
    }
    if (typeof value === 'boolean') {
      if (!range) return value;
      if (range[2] === undefined) return f.boolean();
      return f.boolean(Number(range[1]), Number(range[2]), value);
    }
    if (typeof value === 'string') {
      if (!range) return this.render(value, depth);
      let s = '';
      for (let i = 0; i < count; i++) {
        const part = this.render(value, depth);
        s += String(part);
        if (s.length > MAX_STRING) throw new Error('mock template string is too long');
      }
      this.budget(s.length);
      return s;
    }
    if (Array.isArray(value)) {
      if (step) {
        const i = this.counters.get(counterKey) ?? 0;
        this.counters.set(counterKey, i + Number(step[1]));
        return value.length ? this.render(value[i % value.length], depth) : undefined;
      }
      if (range && range[2] === undefined && Number(range[1]) === 1) return value.length ? this.render(f.pick(value), depth) : undefined;
      if (!range) return this.render(value, depth);
      const out: unknown[] = [];
      for (let i = 0; i < count; i++) for (const item of value) out.push(this.render(item, depth + 1));
      return out;
    }
    if (value && typeof value === 'object') {
      if (!range) return this.render(value, depth);
      const keys = Object.keys(value as object);
      const picked: Record<string, unknown> = {};
      for (const k of keys.sort(() => f.integer(-1, 1)).slice(0, cap(count))) picked[k] = (value as Record<string, unknown>)[k];
      return this.render(picked, depth);
    }
    return value;
  }
}

/** True when a parsed value holds any template rule or placeholder (cheap pre-check for fixed bodies). */
export function hasTemplate(v: unknown, depth = 0): boolean {
  if (depth > MAX_DEPTH) return false;
  if (typeof v === 'string') return /@[a-zA-Z]/.test(v);
  if (Array.isArray(v)) return v.some((x) => hasTemplate(x, depth + 1));
  if (v && typeof v === 'object') return Object.entries(v).some(([k, x]) => k.includes('|') || hasTemplate(x, depth + 1));
  return false;
}

/** Renders a template once (Mock.mock). */
export function mockRender(tpl: unknown, rand?: () => number): unknown {
  return new TemplateRenderer(rand).render(tpl);
}
