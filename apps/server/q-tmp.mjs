import Database from 'better-sqlite3';
const db = new Database('/tmp/sb/bench.db', { readonly: true });
db.pragma('cache_size = -64000');
const sqls = {
  g1: `select entry_id, max(weight) w from search_terms where term >= ? and term < ? group by entry_id order by w desc limit 20`,
  cnt: `select count(distinct entry_id) from search_terms where term >= ? and term < ?`,
  exact: `select entry_id, weight from search_terms where term = ? and ? <> '' order by weight desc limit 20`,
  loop: `select 1 where ? <> ? `,
};
for (const [k, s] of Object.entries(sqls)) {
  const st = db.prepare(s);
  for (const q of ['order', 'skuid', 'ship', '订单']) {
    st.all(q, q + '\uffff');
    const t0 = performance.now(); for (let i = 0; i < 20; i++) st.all(q, q + '\uffff'); 
    console.log(k, q, ((performance.now() - t0) / 20).toFixed(2), 'ms');
  }
}
console.log(db.prepare("select count(*) n, count(distinct entry_id) d from search_terms where term >= 'order' and term < 'order\uffff'").get());
console.log(db.prepare("select term, count(*) from search_terms where term >= 'order' and term < 'order\uffff' group by term").all());
let t0=performance.now(); let x=0; for(let i=0;i<1e7;i++) x+=i%7; console.log('cpu calib', (performance.now()-t0).toFixed(1));
