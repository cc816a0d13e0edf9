import { at, EMBEDDED_V4_NAMES, host, INTRANET_NAME, METADATA_NAME, requestsTo, strayRequests } from '../hosts.ts';
import { redirect } from '../http.ts';
import type { HostileRoute, HttpHandler, Probe, Resource } from '../types.ts';

// Redirects that loop, never end, or point inside the network the crawler runs in. None may
// be followed to the end, and no request may reach an address behind the guard.

const R = 'redirect';
const CHAIN = 40;

/** A redirect to this very server under another name (its port is known only once it listens). */
function toThisServer(hostname: string, path: string): HttpHandler {
  return (req, res, env) => redirect(`http://${hostname}:${env.port}${path}`)(req, res, env);
}

function noStray(probe: Probe): string[] {
  return strayRequests(probe).map((r) => `a request reached the hostile web as ${r.host}${r.path}`);
}

const chain: Resource[] = Array.from({ length: CHAIN }, (_, i) => ({ host: host(R), path: `/chain/${i}`, http: redirect(`/chain/${i + 1}`, 301) }));

/** A page on a name whose DNS answer embeds a private IPv4 address, and a redirect to it: both refused before any connection. */
const embeddedV4Routes: HostileRoute[] = Object.entries(EMBEDDED_V4_NAMES).flatMap(([name, { form }], i): HostileRoute[] => [
  {
    id: `embedded-v4-${name.split('.')[0]}`,
    attack: `a page on a name that resolves to ${form}`,
    kind: 'page',
    url: `http://${name}/story-${i}`,
    resources: [],
    expect: { outcome: 'failed', code: 'E_BLOCKED_ADDRESS' },
    verify: noStray,
  },
  {
    id: `redirect-to-embedded-v4-${name.split('.')[0]}`,
    attack: `redirect to a name that resolves to ${form}`,
    kind: 'page',
    url: at(R, `/to-embedded-${i}`),
    resources: [{ host: host(R), path: `/to-embedded-${i}`, http: redirect(`http://${name}/admin`) }],
    expect: { outcome: 'failed', code: 'E_BLOCKED_ADDRESS' },
    verify: noStray,
  },
]);

export const redirectRoutes: HostileRoute[] = [
  ...embeddedV4Routes,
  {
    id: 'redirect-loop',
    attack: 'A → B → A',
    kind: 'page',
    url: at(R, '/loop/a'),
    resources: [
      { host: host(R), path: '/loop/a', http: redirect('/loop/b') },
      { host: host(R), path: '/loop/b', http: redirect('/loop/a') },
    ],
    expect: { outcome: 'failed', code: 'E_REDIRECT_LOOP' },
    verify: (probe) => {
      const n = requestsTo(probe, host(R)).filter((r) => r.path.startsWith('/loop/')).length;
      return n > 4 ? [`the loop was followed ${n} times`] : [];
    },
  },
  {
    id: 'redirect-chain',
    attack: `a chain of ${CHAIN} redirects`,
    kind: 'page',
    url: at(R, '/chain/0'),
    resources: chain,
    expect: { outcome: 'failed', code: 'E_TOO_MANY_REDIRECTS' },
    verify: (probe) => {
      const n = requestsTo(probe, host(R)).filter((r) => r.path.startsWith('/chain/')).length;
      return n > 21 ? [`${n} hops of the chain were requested`] : [];
    },
  },
  {
    id: 'redirect-to-loopback',
    attack: 'redirect to http://127.0.0.1:<port>/admin (this very server)',
    kind: 'page',
    url: at(R, '/to-loopback'),
    resources: [{ host: host(R), path: '/to-loopback', http: toThisServer('127.0.0.1', '/admin') }],
    expect: { outcome: 'failed', code: 'E_BLOCKED_ADDRESS' },
    verify: noStray,
  },
  {
    id: 'redirect-to-localhost',
    attack: 'redirect to http://localhost:<port>/',
    kind: 'page',
    url: at(R, '/to-localhost'),
    resources: [{ host: host(R), path: '/to-localhost', http: toThisServer('localhost', '/') }],
    expect: { outcome: 'failed', code: 'E_BLOCKED_ADDRESS' },
    verify: noStray,
  },
  {
    id: 'redirect-to-metadata',
    attack: 'redirect to http://169.254.169.254/latest/meta-data/',
    kind: 'page',
    url: at(R, '/to-metadata'),
    resources: [{ host: host(R), path: '/to-metadata', http: redirect('http://169.254.169.254/latest/meta-data/iam/security-credentials/') }],
    expect: { outcome: 'failed', code: 'E_BLOCKED_ADDRESS' },
  },
  {
    id: 'redirect-to-metadata-name',
    attack: `redirect to a name that resolves to the metadata address (${METADATA_NAME}), even though privateHosts allows it`,
    kind: 'page',
    url: at(R, '/to-metadata-name'),
    resources: [{ host: host(R), path: '/to-metadata-name', http: redirect(`http://${METADATA_NAME}/latest/meta-data/`) }],
    expect: { outcome: 'failed', code: 'E_BLOCKED_ADDRESS', detail: /metadata/ },
  },
  {
    id: 'redirect-to-private-name',
    attack: `redirect to a public-looking name that resolves to 10.0.0.1 (${INTRANET_NAME})`,
    kind: 'page',
    url: at(R, '/to-intranet'),
    resources: [{ host: host(R), path: '/to-intranet', http: redirect(`http://${INTRANET_NAME}/admin`) }],
    expect: { outcome: 'failed', code: 'E_BLOCKED_ADDRESS', detail: /10\.0\.0\.1/ },
  },
  {
    id: 'redirect-with-credentials',
    attack: 'redirect to a URL carrying a user name and password',
    kind: 'page',
    url: at(R, '/to-credentials'),
    resources: [{ host: host(R), path: '/to-credentials', http: redirect(`http://admin:hunter2@${host(R)}/private`) }],
    expect: { outcome: 'failed', code: 'E_URL_INVALID', detail: /user name or password/ },
    verify: (probe) => [
      ...requestsTo(probe, host(R), '/private').map(() => 'the URL with credentials was requested'),
      ...(JSON.stringify(probe.db.all('SELECT url, detail FROM urls')).includes('hunter2') ? ['the password was stored in the database'] : []),
    ],
  },
  {
    id: 'redirect-to-file',
    attack: 'redirect to file:///etc/passwd',
    kind: 'page',
    url: at(R, '/to-file'),
    resources: [{ host: host(R), path: '/to-file', http: redirect('file:///etc/passwd') }],
    expect: { outcome: 'failed', code: 'E_URL_INVALID' },
    verify: (probe) => (/root:x:0:0/.test(JSON.stringify(probe.db.all('SELECT detail FROM urls'))) ? ['/etc/passwd was read'] : []),
  },
];
