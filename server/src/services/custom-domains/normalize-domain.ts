// A custom domain as typed (upper case, a trailing dot, a URL pasted whole, an IDN) made into the one form we
// store and compare: lower case, no trailing dot, punycode.
import { domainToASCII } from 'node:url';

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * Two-part public suffixes under which a registrable domain has three labels (example.co.uk). The rule: a name
 * is an apex when it has two labels, or three with its last two in this list. A full public suffix list would
 * also know the rarer ones (a bigger dependency than this check is worth: a missed apex only fails at the
 * CNAME, which the DNS host itself refuses).
 */
// prettier-ignore
const TWO_PART_SUFFIXES = new Set(
  [
    'co.uk', 'ac.uk', 'gov.uk', 'org.uk', 'ltd.uk', 'plc.uk', 'me.uk', 'net.uk', 'sch.uk', 'nhs.uk',
    'com.au', 'edu.au', 'gov.au', 'org.au', 'net.au', 'asn.au', 'id.au',
    'co.nz', 'ac.nz', 'org.nz', 'govt.nz', 'school.nz',
    'co.za', 'ac.za', 'org.za', 'gov.za',
    'co.jp', 'ac.jp', 'or.jp', 'ne.jp', 'go.jp',
    'co.in', 'ac.in', 'edu.in', 'gov.in', 'org.in', 'net.in', 'res.in',
    'com.br', 'edu.br', 'gov.br', 'org.br', 'net.br',
    'com.cn', 'edu.cn', 'gov.cn', 'org.cn', 'net.cn', 'ac.cn',
    'com.mx', 'edu.mx', 'gob.mx', 'org.mx',
    'com.sg', 'edu.sg', 'gov.sg', 'org.sg',
    'com.hk', 'edu.hk', 'gov.hk', 'org.hk',
    'ac.kr', 'co.kr', 'or.kr', 'go.kr',
    'ac.il', 'co.il', 'org.il',
    'com.tr', 'edu.tr', 'gov.tr', 'org.tr',
    'ac.at', 'co.at', 'or.at',
    'com.ar', 'edu.ar', 'gob.ar', 'org.ar',
    'com.my', 'edu.my', 'gov.my', 'org.my',
    'com.ng', 'edu.ng', 'gov.ng', 'org.ng',
    'co.ke', 'ac.ke', 'or.ke', 'go.ke',
    'com.pk', 'edu.pk', 'gov.pk', 'org.pk',
    'com.ph', 'edu.ph', 'gov.ph', 'org.ph',
  ],
);

/** The stored form of a typed domain; null when it is not a host name. */
export function normalizeDomain(typed: string): string | null {
  let name = typed.trim();
  // A pasted address: keep its host.
  const url = /^[a-z][a-z0-9+.-]*:\/\//i.test(name) ? URL.parse(name) : null;
  if (url) name = url.hostname;
  name = name.replace(/\.$/, '');
  if (name === '' || /[\s/:@?#[\]\\]/.test(name)) return null;
  const ascii = domainToASCII(name);
  if (ascii === '' || ascii.length > 253) return null;
  const labels = ascii.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return null;
  // A top-level domain is letters (or an IDN's xn--): rules out IP addresses and typos like example.123.
  if (!/^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/.test(labels.at(-1)!)) return null;
  return ascii;
}

/** Whether a normalised name is a registrable domain itself (see TWO_PART_SUFFIXES for the rule). */
export function isApexDomain(domain: string): boolean {
  const labels = domain.split('.');
  if (labels.length <= 2) return true;
  return labels.length === 3 && TWO_PART_SUFFIXES.has(labels.slice(1).join('.'));
}
