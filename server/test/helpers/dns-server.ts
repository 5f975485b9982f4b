// A DNS server on 127.0.0.1 (UDP, a random port) answering the records a test sets, for the custom domain checks:
// start it, pass `DNS_SERVERS: dns.address` to the app, then add and remove records as the test goes.
import DNS from 'dns2';

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
