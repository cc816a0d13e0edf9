import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFetcher } from '../../crawler/fetch/index.ts';

// HTTPS through the resolve map: the TLS connection must go to the mapped port, present the URL's
// host name for SNI and certificate checks. The certificate is made on the fly (no key in the repo).

let dir = '';
let cert: Buffer | null = null;
let key: Buffer | null = null;
try {
  dir = mkdtempSync(join(tmpdir(), 'gleaner-tls-'));
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=secure.test', '-addext', 'subjectAltName=DNS:secure.test', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], { stdio: 'ignore' });
  cert = readFileSync(join(dir, 'cert.pem'));
  key = readFileSync(join(dir, 'key.pem'));
} catch {
  cert = null; // no openssl: the tests below are skipped
}

describe.skipIf(!cert)('https', () => {
  let server: https.Server;
  let port = 0;
  const serverNames: string[] = [];
  const defaultCAs = tls.getCACertificates('default');

  beforeAll(async () => {
    server = https.createServer(
      {
        key: key!,
        cert: cert!,
        SNICallback: (name, callback) => {
          serverNames.push(name);
          callback(null, tls.createSecureContext({ key: key!, cert: cert! }));
        },
      },
      (req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end(`<html><body>secure hello to ${req.headers.host}</body></html>`);
      },
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    tls.setDefaultCACertificates(defaultCAs);
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  const options = () => ({ resolve: { 'secure.test': `127.0.0.1:${port}` }, privateHosts: ['secure.test'], perHostDelayMs: 0, respectRobots: false, retries: 2 });

  it('refuses an untrusted certificate without retrying it', async () => {
    const fetcher = createFetcher(options());
    const outcome = await fetcher.fetch({ url: 'https://secure.test/', kind: 'page' });
    expect(outcome.type === 'error' && outcome.failure).toMatchObject({ code: 'E_FETCH_NETWORK', permanent: false });
    if (outcome.type === 'error') expect(outcome.failure.message).toMatch(/SELF_SIGNED|self-signed/i);
    expect(fetcher.stats().retries).toBe(0);
    expect(serverNames).toContain('secure.test'); // reached the mapped port, with SNI
    await fetcher.close();
  });

  it('fetches over TLS when the certificate is trusted', async () => {
    tls.setDefaultCACertificates([...defaultCAs, cert!.toString()]);
    const fetcher = createFetcher(options());
    const outcome = await fetcher.fetch({ url: 'https://secure.test/page', kind: 'page' });
    expect(outcome.type === 'ok' && outcome.text).toContain('secure hello to secure.test');
    await fetcher.close();
  });
});
