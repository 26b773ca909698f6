/**
 * A Beacon relay node on loopback for the wallet suites: a real Matrix homeserver (Synapse, installed by
 * scripts/ensure-synapse.sh into .relay/venv) with our module relay/beacon_relay.py (Beacon's signed login and
 * `/_synapse/client/beacon/info`), over TLS with a throwaway self-signed certificate, SQLite, no federation and no
 * rate limits, on a free port. Beacon names a peer `@<key hash>:<relay server>`, the server being the node's address
 * as configured (`matrixNodes`), so the homeserver's `server_name` is that address: `127.0.0.1:<port>`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from '../../scripts/lib/app-server';
import { freePort } from '../../scripts/lib/app-server';
import { vi } from 'vitest';

const PYTHON = path.join(ROOT, '.relay/venv/bin/python');

export interface BeaconRelay {
  /** The node as Beacon's `matrixNodes` and POLE_BEACON_RELAYS name it: `127.0.0.1:<port>`. */
  readonly node: string;
  /** The PEM of its self-signed certificate, for Node to trust (it is its own CA). */
  readonly certificate: string;
  /** That certificate's file, for NODE_EXTRA_CA_CERTS (removed by `stop`). */
  readonly certificateFile: string;
  /** Everything Synapse printed so far. */
  readonly log: () => string;
  stop(): Promise<void>;
}

function run(command: string, args: readonly string[], cwd: string): void {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status}): ${result.stderr}`);
}

/** Every rate limit Synapse has, lifted: the suites' clients log in, create rooms and send far faster than people. */
const UNLIMITED = { per_second: 10_000, burst_count: 10_000 };
const RATE_LIMITS = {
  rc_message: UNLIMITED,
  rc_registration: UNLIMITED,
  rc_registration_token_validity: UNLIMITED,
  rc_login: { address: UNLIMITED, account: UNLIMITED, failed_attempts: UNLIMITED },
  rc_admin_redaction: UNLIMITED,
  rc_joins: { local: UNLIMITED, remote: UNLIMITED },
  rc_joins_per_room: UNLIMITED,
  rc_invites: { per_room: UNLIMITED, per_user: UNLIMITED, per_issuer: UNLIMITED },
  rc_3pid_validation: UNLIMITED,
  rc_room_creation: UNLIMITED,
  rc_presence: { per_user: UNLIMITED },
  rc_delayed_event_mgmt: UNLIMITED,
  rc_reports: UNLIMITED,
};

/** GETs `https://<node><pathname>` trusting `certificate`, as JSON (Node's fetch cannot be given a CA per request). */
export function getJsonTrusting(node: string, pathname: string, certificate: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const req = get(`https://${node}${pathname}`, { ca: certificate, timeout: 5_000 }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => {
        if (res.statusCode !== 200) reject(new Error(`GET ${pathname}: ${res.statusCode} ${body}`));
        else resolve(JSON.parse(body));
      });
    });
    req.on('timeout', () => req.destroy(new Error(`GET ${pathname} timed out`)));
    req.on('error', reject);
  });
}

async function waitUntilServing(
  node: string,
  certificate: string,
  exited: () => boolean,
  log: () => string,
): Promise<void> {
  await vi.waitFor(
    async () => {
      if (exited()) throw new Error(`Synapse exited:\n${log()}`);
      await getJsonTrusting(node, '/_synapse/client/beacon/info', certificate);
    },
    { timeout: 120_000, interval: 300 },
  );
}

/** Starts Synapse on a free port of 127.0.0.1 with a fresh certificate, keys and database (removed by `stop`). */
export async function startBeaconRelay(): Promise<BeaconRelay> {
  if (!existsSync(PYTHON)) throw new Error(`no Synapse at ${PYTHON}: run bash scripts/ensure-synapse.sh`);
  const port = await freePort();
  const node = `127.0.0.1:${port}`;
  const dir = mkdtempSync(path.join(tmpdir(), 'beacon-relay-'));
  run(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      'tls.key',
      '-out',
      'tls.crt',
    ],
    dir,
  );
  run(
    PYTHON,
    [
      '-c',
      'import sys, signedjson.key as k; k.write_signing_keys(open(sys.argv[1], "w"), [k.generate_signing_key("a")])',
      path.join(dir, 'signing.key'),
    ],
    dir,
  );
  const secret = () => randomBytes(24).toString('hex');
  // JSON is YAML: the homeserver's whole configuration.
  const config = {
    server_name: node,
    pid_file: path.join(dir, 'homeserver.pid'),
    listeners: [
      {
        port,
        bind_addresses: ['127.0.0.1'],
        type: 'http',
        tls: true,
        x_forwarded: false,
        resources: [{ names: ['client'], compress: false }],
      },
    ],
    tls_certificate_path: path.join(dir, 'tls.crt'),
    tls_private_key_path: path.join(dir, 'tls.key'),
    database: { name: 'sqlite3', args: { database: path.join(dir, 'homeserver.db') } },
    media_store_path: path.join(dir, 'media'),
    signing_key_path: path.join(dir, 'signing.key'),
    macaroon_secret_key: secret(),
    form_secret: secret(),
    report_stats: false,
    enable_metrics: false,
    // Only our module logs people in: by Beacon's signed login, never by a stored password.
    enable_registration: false,
    password_config: { localdb_enabled: false },
    modules: [{ module: 'beacon_relay.BeaconRelay', config: { region: 'europe-west' } }],
    // One node, no federation, no key servers to reach.
    federation_domain_whitelist: [],
    trusted_key_servers: [],
    suppress_key_server_warning: true,
    presence: { enabled: false },
    // Beacon's messages are larger than Matrix's default 64 KiB event limit allows for an operation with much Micheline.
    max_event_size: '1M',
    ...RATE_LIMITS,
  };
  const configFile = path.join(dir, 'homeserver.yaml');
  writeFileSync(configFile, JSON.stringify(config, null, 2));

  let output = '';
  const child = spawn(PYTHON, ['-m', 'synapse.app.homeserver', '-c', configFile], {
    cwd: dir,
    env: { ...process.env, PYTHONPATH: path.join(ROOT, 'relay') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await Promise.race([exited, once(AbortSignal.timeout(10_000), 'abort')]); // at most 10 s for a clean exit
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const certificate = readFileSync(path.join(dir, 'tls.crt'), 'utf8');
  try {
    await waitUntilServing(
      node,
      certificate,
      () => child.exitCode !== null,
      () => output,
    );
  } catch (err) {
    await stop();
    throw err;
  }
  return { node, certificate, certificateFile: path.join(dir, 'tls.crt'), log: () => output, stop };
}
