import { spawn } from 'node:child_process';
import autocannon from 'autocannon';

const { seedSpace } = await import('../../bench/lib/space-seed.ts');
const url = `sqlite:/tmp/dprof-${Date.now()}.db`;
const s = await seedSpace(url, 'Passw0rd!x', 2, 50);
const port = 38111;
const srv = spawn(process.execPath, ['--cpu-prof', '--cpu-prof-dir=/tmp/dprof', 'apps/server/dist/main.js'], {
  cwd: '/work/main',
  env: { ...process.env, DATABASE_URL: url, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
  stdio: 'inherit',
});
const base = `http://127.0.0.1:${port}`;
for (let i = 0; i < 100; i++) {
  try {
    if ((await fetch(`${base}/api/health`)).ok) break;
  } catch {}
  await new Promise((r) => setTimeout(r, 200));
}
const { token } = (
  await (
    await fetch(`${base}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'Passw0rd!x' }),
    })
  ).json()
).data;
const detail = await fetch(`${base}/api/doc/detail?id=${s.docIds[0]}`, { headers: { token, 'accept-encoding': 'br' } });
console.log('detail bytes', (await detail.arrayBuffer()).byteLength, detail.headers.get('content-encoding'));
const r = await autocannon({
  url: `${base}/api/doc/detail?id=${s.docIds[0]}`,
  connections: 50,
  duration: 6,
  headers: { token, 'accept-encoding': 'br, gzip' },
});
console.log('req/s', r.requests.average, 'p50', r.latency.p50);
srv.kill('SIGTERM');
await new Promise((r) => srv.on('exit', r));
process.exit(0);
