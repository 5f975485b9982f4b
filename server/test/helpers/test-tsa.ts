// A time-stamping authority on the loopback for tests (never an outside service): OpenSSL's `ts -reply` behind a
// small HTTP server, with its own CA and a certificate for time stamping (extendedKeyUsage critical timeStamping).
// One answer at a time: each reply rewrites OpenSSL's serial file.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import type { AddressInfo } from 'node:net';

const run = promisify(execFile);

export interface TestTsa {
  url: string;
  folder: string;
  /** The TSA's CA and its own certificate, as `openssl ts -verify` takes them. */
  caFile: string;
  tsaFile: string;
  /** Requests answered so far. */
  answered: number;
  /** While true, every request gets 503, as from a TSA that is down. */
  isDown: boolean;
  stop(): Promise<void>;
}

async function makeCertificates(folder: string): Promise<void> {
  const inFolder = { cwd: folder };
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
  await run(
    'openssl',
    [
      'req',
      '-x509',
      '-new',
      ...ec,
      '-keyout',
      'ca.key',
      '-out',
      'ca.pem',
      '-days',
      '30',
      '-subj',
      '/CN=Test TSA CA',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
    ],
    inFolder,
  );
  await run(
    'openssl',
    ['req', '-new', ...ec, '-keyout', 'tsa.key', '-out', 'tsa.csr', '-subj', '/CN=Test TSA'],
    inFolder,
  );
  await writeFile(
    path.join(folder, 'tsa-ext.cnf'),
    'extendedKeyUsage=critical,timeStamping\nkeyUsage=critical,digitalSignature\n',
  );
  await run(
    'openssl',
    [
      'x509',
      '-req',
      '-in',
      'tsa.csr',
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-out',
      'tsa.pem',
      '-days',
      '30',
      '-extfile',
      'tsa-ext.cnf',
    ],
    inFolder,
  );
  await writeFile(path.join(folder, 'serial'), '01\n');
  await writeFile(
    path.join(folder, 'tsa.cnf'),
    [
      '[ tsa ]',
      'default_tsa = tsa_config1',
      '[ tsa_config1 ]',
      `dir = ${folder}`,
      'serial = $dir/serial',
      'crypto_device = builtin',
      'signer_cert = $dir/tsa.pem',
      'certs = $dir/ca.pem',
      'signer_key = $dir/tsa.key',
      'signer_digest = sha256',
      'default_policy = 1.2.3.4.1',
      'digests = sha256',
      'accuracy = secs:1',
      'ordering = yes',
      'tsa_name = yes',
      'ess_cert_id_alg = sha256',
      '',
    ].join('\n'),
  );
}

export async function startTestTsa(): Promise<TestTsa> {
  const folder = await mkdtemp(path.join(tmpdir(), 'qrv-tsa-'));
  await makeCertificates(folder);
  let queue: Promise<unknown> = Promise.resolve();
  const answer = async (query: Buffer): Promise<Buffer> => {
    const request = path.join(folder, 'request.tsq');
    const reply = path.join(folder, 'reply.tsr');
    await writeFile(request, query);
    await run('openssl', [
      'ts',
      '-reply',
      '-config',
      path.join(folder, 'tsa.cnf'),
      '-section',
      'tsa_config1',
      '-queryfile',
      request,
      '-out',
      reply,
    ]);
    return readFile(reply);
  };
  const tsa: TestTsa = {
    url: '',
    folder,
    caFile: path.join(folder, 'ca.pem'),
    tsaFile: path.join(folder, 'tsa.pem'),
    answered: 0,
    isDown: false,
    stop: async () => {
      await new Promise((resolve) => server.close(resolve));
      await rm(folder, { recursive: true, force: true });
    },
  };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (tsa.isDown) {
        response.writeHead(503).end('down for maintenance');
        return;
      }
      const replying = queue.then(() => answer(Buffer.concat(chunks)));
      queue = replying.catch(() => undefined);
      replying.then(
        (reply) => {
          tsa.answered += 1;
          response.writeHead(200, { 'content-type': 'application/timestamp-reply' }).end(reply);
        },
        (error: Error) => response.writeHead(500).end(error.message),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  tsa.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/tsr`;
  return tsa;
}
