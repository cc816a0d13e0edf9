import { createServer, request, type IncomingMessage } from 'node:http';
import { closeServer, listen } from '../../../scripts/dev/lib/net.ts';

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve(Buffer.concat(chunks))).on('error', reject);
  });
}

/**
 * A proxy in front of the S3 server that answers 503 SlowDown to the first attempt of every
 * PUT whose key matches `failFirst`, the way S3 sheds load; later attempts go through.
 */
export interface SeenRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** Kept for POST requests (DeleteObjects), which are small. */
  body?: Buffer;
}

export async function startFlakyProxy(target: number, failFirst: RegExp): Promise<{ endpoint: string; failed: string[]; requests: SeenRequest[]; close(): Promise<void> }> {
  const failed: string[] = [];
  const requests: SeenRequest[] = [];
  const seen = new Set<string>();
  const server = createServer(async (req, res) => {
    const path = req.url ?? '/';
    const record: SeenRequest = { method: req.method ?? '', path, headers: { ...req.headers } };
    requests.push(record);
    if (req.method === 'POST') {
      record.body = await readBody(req);
      const upstream = request({ host: '127.0.0.1', port: target, method: 'POST', path, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      upstream.on('error', () => res.destroy());
      upstream.end(record.body);
      return;
    }
    if (req.method === 'PUT' && failFirst.test(path) && !seen.has(path)) {
      seen.add(path);
      failed.push(path);
      await readBody(req);
      res.writeHead(503, { 'content-type': 'application/xml' });
      res.end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>SlowDown</Code><Message>Please reduce your request rate.</Message></Error>');
      return;
    }
    const upstream = request({ host: '127.0.0.1', port: target, method: req.method, path, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  const port = await listen(server);
  return { endpoint: `http://127.0.0.1:${port}`, failed, requests, close: () => closeServer(server) };
}

/** A stand-in for the CloudFront API's CreateInvalidation: records each batch of paths. */
export async function startFakeCloudFront(): Promise<{ endpoint: string; invalidations: Array<{ distribution: string; paths: string[] }>; close(): Promise<void> }> {
  const invalidations: Array<{ distribution: string; paths: string[] }> = [];
  const server = createServer(async (req, res) => {
    const body = (await readBody(req)).toString('utf8');
    const match = /^\/2020-05-31\/distribution\/([^/]+)\/invalidation$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !match) {
      res.writeHead(404, { 'content-type': 'text/xml' }).end('<ErrorResponse><Error><Code>NotFound</Code></Error></ErrorResponse>');
      return;
    }
    const paths = [...body.matchAll(/<Path>([^<]*)<\/Path>/g)].map((m) => m[1]!);
    const reference = /<CallerReference>([^<]*)<\/CallerReference>/.exec(body)?.[1] ?? '';
    invalidations.push({ distribution: match[1]!, paths });
    const id = `I${invalidations.length}TEST`;
    res.writeHead(201, { 'content-type': 'text/xml', location: `https://cloudfront.amazonaws.com/2020-05-31/distribution/${match[1]}/invalidation/${id}` });
    res.end(
      `<?xml version="1.0" encoding="UTF-8"?><Invalidation xmlns="http://cloudfront.amazonaws.com/doc/2020-05-31/"><Id>${id}</Id><Status>InProgress</Status>` +
        `<CreateTime>2024-01-01T00:00:00Z</CreateTime><InvalidationBatch><Paths><Quantity>${paths.length}</Quantity><Items>${paths.map((p) => `<Path>${p}</Path>`).join('')}</Items></Paths>` +
        `<CallerReference>${reference}</CallerReference></InvalidationBatch></Invalidation>`,
    );
  });
  const port = await listen(server);
  return { endpoint: `http://127.0.0.1:${port}`, invalidations, close: () => closeServer(server) };
}
