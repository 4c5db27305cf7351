/** `folio`: the command line. Lists the sub-commands (each in commands/<name>.ts) and dispatches to one. */
import type { CliCommand } from './command.js';
import { command as admin } from './commands/admin.js';
import { command as backup } from './commands/backup.js';
import { command as db } from './commands/db.js';
import { command as exportCmd } from './commands/export.js';
import { command as importCmd } from './commands/import.js';
import { command as mcp } from './commands/mcp.js';
import { command as migrateTorna } from './commands/migrate-torna.js';
import { command as push } from './commands/push.js';
import { command as restore } from './commands/restore.js';

export const commands: CliCommand[] = [push, importCmd, exportCmd, db, admin, backup, restore, migrateTorna, mcp];

function help(): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    'folio: command line of Folio, the self-hosted API documentation platform',
    '',
    'Usage: folio <command> [options]    (folio <command> --help for its options)',
    '',
    'Commands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'Commands on a server (push, import, export) take --url and a token; commands on the database (db, admin,',
    'backup, restore) read DATABASE_URL like the server does (or --database-url).',
    '',
  ].join('\n');
}

/** Runs `folio <args>` and returns the exit code. */
export async function main(args: string[]): Promise<number> {
  const [name, ...rest] = args;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(help());
    return name ? 0 : 2;
  }
  if (name === '--version' || name === '-v') {
    process.stdout.write('folio 1.0.0\n');
    return 0;
  }
  const cmd = commands.find((c) => c.name === name);
  if (!cmd) {
    process.stderr.write(`folio: unknown command "${name}"\n\n${help()}`);
    return 2;
  }
  return cmd.run(rest);
}
