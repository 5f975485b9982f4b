// s3rver, an S3-compatible server, for the S3 storage tests. It runs in its own process because its
// ListObjectsV2 continuation tokens are DES-encrypted, which Node's OpenSSL 3 offers only to a process started
// with --openssl-legacy-provider. Prints {"endpoint": ...} on stdout when ready; exits when stdin closes (the
// test process ended, however it ended).
// Usage: node --openssl-legacy-provider s3-server-process.mjs <directory for the buckets>
import S3rver from 's3rver';

const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory: process.argv[2],
});
const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ endpoint: `http://127.0.0.1:${port}` })}\n`);
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
