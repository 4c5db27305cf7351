/**
 * Test support: starts a private OpenLDAP `slapd` (Debian package) on free high ports with a test
 * directory written to a temporary folder: a CA and server certificate (ldaps:// and StartTLS), a
 * read-only service account, users directly under ou=people and under a nested OU.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const CANDIDATES = ['/usr/sbin/slapd', '/usr/local/sbin/slapd', '/usr/local/libexec/slapd'];

export function slapdBinary(): string | null {
  for (const c of CANDIDATES) if (existsSync(c)) return c;
  try {
    return execFileSync('sh', ['-c', 'command -v slapd'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

export const BASE_DN = 'dc=folio,dc=test';
export const READER_DN = `cn=reader,${BASE_DN}`;
export const READER_PASSWORD = 'reader-secret';

export interface Slapd {
  url: string;
  ldapsUrl: string;
  caCert: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => (a && typeof a === 'object' ? resolve(a.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForPort(port: number, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const up = await new Promise<boolean>((resolve) => {
      const s = new Socket();
      s.once('connect', () => {
        s.destroy();
        resolve(true);
      });
      s.once('error', () => resolve(false));
      s.connect(port, '127.0.0.1');
    });
    if (up) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`slapd did not listen on ${port}`);
}

const DATA = `dn: ${BASE_DN}
objectClass: dcObject
objectClass: organization
o: Folio Test
dc: folio

dn: ${READER_DN}
objectClass: simpleSecurityObject
objectClass: organizationalRole
cn: reader
userPassword: ${READER_PASSWORD}

dn: ou=people,${BASE_DN}
objectClass: organizationalUnit
ou: people

dn: uid=alice,ou=people,${BASE_DN}
objectClass: inetOrgPerson
uid: alice
cn: Alice Liddell
sn: Liddell
displayName: Alice L.
mail: alice@corp.example
userPassword: alice-pass

dn: uid=carol,ou=people,${BASE_DN}
objectClass: inetOrgPerson
uid: carol
cn: Carol
sn: C
displayName: Carol
mail: carol@corp.example
userPassword: carol-pass

dn: ou=eng,ou=people,${BASE_DN}
objectClass: organizationalUnit
ou: eng

dn: ou=backend,ou=eng,ou=people,${BASE_DN}
objectClass: organizationalUnit
ou: backend

dn: uid=bob,ou=backend,ou=eng,ou=people,${BASE_DN}
objectClass: inetOrgPerson
uid: bob
cn: Bob Builder
sn: Builder
displayName: Bob B.
userPassword: bob-pass
`;

/** Starts slapd; call stop() in afterAll. */
export async function startSlapd(): Promise<Slapd> {
  const bin = slapdBinary();
  if (!bin) throw new Error('slapd not installed');
  const dir = mkdtempSync(join(tmpdir(), 'folio-slapd-'));
  const dbDir = join(dir, 'db');
  mkdirSync(dbDir);
  // Certificates: a CA and a server certificate for 127.0.0.1.
  const ssl = (args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  ssl(['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=Folio Test CA']);
  ssl(['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=127.0.0.1']);
  writeFileSync(join(dir, 'ext.cnf'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  ssl([
    'x509',
    '-req',
    '-in',
    'server.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'server.pem',
    '-days',
    '2',
    '-extfile',
    'ext.cnf',
  ]);
  const conf = `include /etc/ldap/schema/core.schema
include /etc/ldap/schema/cosine.schema
include /etc/ldap/schema/inetorgperson.schema
include /etc/ldap/schema/nis.schema
modulepath /usr/lib/ldap
moduleload back_mdb
pidfile ${join(dir, 'slapd.pid')}
TLSCACertificateFile ${join(dir, 'ca.pem')}
TLSCertificateFile ${join(dir, 'server.pem')}
TLSCertificateKeyFile ${join(dir, 'server.key')}
database mdb
maxsize 10485760
suffix "${BASE_DN}"
rootdn "cn=admin,${BASE_DN}"
rootpw admin-secret
directory ${dbDir}
access to attrs=userPassword by anonymous auth by * none
access to dn.subtree="ou=people,${BASE_DN}" by * read
access to * by dn.exact="${READER_DN}" read by * none
`;
  const confPath = join(dir, 'slapd.conf');
  writeFileSync(confPath, conf);
  writeFileSync(join(dir, 'data.ldif'), DATA);
  const slapadd = bin.replace(/slapd$/, 'slapadd');
  execFileSync(existsSync(slapadd) ? slapadd : 'slapadd', ['-f', confPath, '-l', join(dir, 'data.ldif')], { stdio: 'pipe' });
  const port = await freePort();
  const sport = await freePort();
  const proc: ChildProcess = spawn(
    bin,
    ['-f', confPath, '-h', `ldap://127.0.0.1:${port}/ ldaps://127.0.0.1:${sport}/`, '-d', process.env.SLAPD_DEBUG ?? '0'],
    {
      stdio: ['ignore', 'ignore', process.env.SLAPD_DEBUG ? 'inherit' : 'pipe'],
    },
  );
  let stderr = '';
  proc.stderr?.on('data', (d) => {
    stderr += String(d);
  });
  try {
    await waitForPort(port, 10_000);
    await waitForPort(sport, 10_000);
  } catch (e) {
    proc.kill('SIGKILL');
    throw new Error(`${(e as Error).message}: ${stderr.slice(0, 2000)}`);
  }
  const { readFileSync } = await import('node:fs');
  return {
    url: `ldap://127.0.0.1:${port}`,
    ldapsUrl: `ldaps://127.0.0.1:${sport}`,
    caCert: readFileSync(join(dir, 'ca.pem'), 'utf8'),
    async stop() {
      await new Promise<void>((resolve) => {
        if (proc.exitCode !== null) return resolve();
        proc.once('exit', () => resolve());
        proc.kill('SIGTERM');
        setTimeout(() => proc.kill('SIGKILL'), 3000).unref();
      });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
