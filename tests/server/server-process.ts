/**
 * A real Runway server in a process of its own (`node --import tsx src/server/main.ts`), for the
 * tests and benchmarks that must kill it and start it again. Restarts keep the port and DATA_DIR,
 * so clients keep their URL and the data stays: in DATA_DIR/db on PGlite, or in DATABASE_URL's
 * database when that is set (passed through from this process's environment).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port'))));
    });
  });
}

export interface ServerProcessOptions {
  /** Extra environment; DATABASE_URL comes from this process's environment unless set here. */
  env?: Record<string, string>;
  dataDir?: string;
  /** How long a start may take before it counts as failed. */
  startTimeoutMs?: number;
}

export class ServerProcess {
  private child: ChildProcess | null = null;
  private stopping = false;
  /** How each process that died without being asked to ended (its exit code or signal, and its last output). */
  readonly crashes: string[] = [];
  /** The last chunks the server wrote (its log and any crash), for failure reports. */
  private readonly output: string[] = [];

  private constructor(
    readonly port: number,
    readonly dataDir: string,
    private readonly env: Record<string, string>,
    private readonly startTimeoutMs: number,
  ) {}

  static async start(options: ServerProcessOptions = {}): Promise<ServerProcess> {
    const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'runway-process-'));
    const port = await freePort();
    const env: Record<string, string> = {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: path.join(dataDir, 'no-web-app'),
      LOG_LEVEL: 'warn',
      // On PostgreSQL every test file's servers share the rate_limits table, as production processes
      // do, so the whole suite's sign-ups from 127.0.0.1 count together: a test that is not about
      // limits must never meet one (the rate-limit tests set their own, from their own addresses).
      AUTH_RATE_LIMIT_MAX: '1000000000',
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
      ...options.env,
    };
    const server = new ServerProcess(port, dataDir, env, options.startTimeoutMs ?? 60_000);
    await server.boot();
    return server;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The environment the server runs with (for admin commands that must find it). */
  get environment(): Record<string, string> {
    return { ...this.env };
  }

  /** The running process's id (for reading its memory in /proc). */
  get pid(): number {
    const pid = this.child?.pid;
    if (pid === undefined) throw new Error('the server is not running');
    return pid;
  }

  get running(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  logs(): string {
    return this.output.join('');
  }

  /** Starts the process and resolves once it answers HTTP. */
  async boot(): Promise<void> {
    if (this.running) throw new Error('the server is already running');
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: repoRoot,
      env: { ...process.env, ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      this.output.push(chunk.toString('utf8'));
      if (this.output.length > 200) this.output.splice(0, this.output.length - 200);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.once('exit', (code, signal) => {
      if (this.child !== child || this.stopping) return;
      const crash = `the server (pid ${child.pid}) exited by itself with ${code ?? signal}:\n${this.logs()}`;
      this.crashes.push(crash);
      console.error(crash);
    });
    this.child = child;
    const deadline = Date.now() + this.startTimeoutMs;
    while (Date.now() < deadline) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`the server exited with ${child.exitCode ?? child.signalCode} while starting:\n${this.logs()}`);
      }
      try {
        if ((await fetch(`${this.url}/api/v1/feature_flags`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    child.kill('SIGKILL');
    throw new Error(`the server did not start within ${this.startTimeoutMs} ms:\n${this.logs()}`);
  }

  /** Sends the signal and resolves once the process is gone. */
  async kill(signal: NodeJS.Signals): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    this.stopping = true;
    try {
      child.kill(signal);
      await exited;
    } finally {
      this.stopping = false;
    }
  }

  async restart(signal: NodeJS.Signals): Promise<void> {
    await this.kill(signal);
    await this.boot();
  }

  /** A graceful stop (SIGTERM: in-flight requests finish, the database closes). */
  stop(): Promise<void> {
    return this.kill('SIGTERM');
  }
}
