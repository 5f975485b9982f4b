// A DNS server on 127.0.0.1 (UDP, a random port) answering the records a test sets, for the custom domain checks:
// dnsServerForFile() starts one for the test file and builds apps that ask it; tests add records as they go.
import DNS from 'dns2';

import { createTestApp } from './test-app';

import type { Environment } from '../../src/config';
import type { TestUser } from './verifications';
import type { FastifyInstance } from 'fastify';

const { Packet } = DNS;

export interface TestDnsServer {
  /** host:port, for DNS_SERVERS. */
  address: string;
  /** A TXT record at `name`; an array is one record of several character strings (as long values come). */
  addTxt(name: string, value: string | string[]): void;
  setCname(name: string, target: string): void;
  clear(): void;
  close(): Promise<void>;
}

export async function startDnsServer(): Promise<TestDnsServer> {
  const txt = new Map<string, Array<string | string[]>>();
  const cnames = new Map<string, string>();
  const server = DNS.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const name = question!.name.toLowerCase();
      const type = (question as { type?: number }).type;
      if (type === Packet.TYPE.TXT) {
        for (const data of txt.get(name) ?? []) {
          response.answers.push({
            name,
            type: Packet.TYPE.TXT,
            class: Packet.CLASS.IN,
            ttl: 1,
            data,
          } as never);
        }
      }
      const target = cnames.get(name);
      if (target && type === Packet.TYPE.CNAME) {
        response.answers.push({
          name,
          type: Packet.TYPE.CNAME,
          class: Packet.CLASS.IN,
          ttl: 1,
          domain: target,
        } as never);
      }
      send(response);
    },
  });
  await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  const { port } = server.addresses().udp!;
  return {
    address: `127.0.0.1:${port}`,
    addTxt: (name, value) => txt.set(name, [...(txt.get(name) ?? []), value]),
    setCname: (name, target) => cnames.set(name, target),
    clear: () => {
      txt.clear();
      cnames.clear();
    },
    close: () => server.close(),
  };
}

/** Publishes the records a custom domain's answer lists: its CNAME, and its TXT split in two strings. */
export function publishRecords(
  dns: TestDnsServer,
  records: Array<{ type: string; name: string; value: string }>,
): void {
  for (const record of records) {
    if (record.type === 'CNAME') dns.setCname(record.name, record.value);
    else dns.addTxt(record.name, [record.value.slice(0, 10), record.value.slice(10)]);
  }
}

/** CUSTOM_DOMAIN_TARGET in the apps dnsServerForFile builds. */
export const TEST_DOMAIN_TARGET = 'domains.qrverify.test';

/**
 * A DNS server for the test file (started before its tests, emptied after each, closed after all) and apps with
 * custom domains on that ask it.
 */
export function dnsServerForFile() {
  let server: TestDnsServer;
  beforeAll(async () => {
    server = await startDnsServer();
  });
  afterEach(() => server.clear());
  afterAll(() => server.close());
  return {
    server: () => server,
    createApp: (env: Environment = {}): Promise<FastifyInstance> =>
      createTestApp({
        env: { CUSTOM_DOMAIN_TARGET: TEST_DOMAIN_TARGET, DNS_SERVERS: server.address, ...env },
      }),
  };
}

/** Sets the user's custom domain, publishes its records and checks them: the domain is verified after. */
export async function verifyCustomDomain(
  app: FastifyInstance,
  dns: TestDnsServer,
  user: TestUser,
  domain: string,
): Promise<void> {
  const url = '/api/settings/custom-domain/';
  const set = await app.inject({ method: 'PUT', url, headers: user.headers, payload: { domain } });
  publishRecords(dns, set.json().records);
  const verify = await app.inject({ method: 'POST', url: `${url}verify/`, headers: user.headers });
  expect(verify.json().status).toBe('verified');
}
