import { request } from 'node:https';

export interface ProxyAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * A request from this process through the proxy, by name: to 127.0.0.1 with the name in TLS (SNI) and the Host
 * header, trusting only the stand's certificate authority. (This process started before the authority existed, so
 * NODE_EXTRA_CA_CERTS cannot serve it, and Node does not resolve *.localhost.) No redirect is followed, nothing is
 * decompressed: the answer as the proxy sent it.
 */
export function requestByName(
  origin: string,
  ca: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<ProxyAnswer> {
  const url = new URL(path, origin);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: Number(url.port || 443),
        servername: url.hostname,
        ca,
        method: options.method ?? 'GET',
        path: `${url.pathname}${url.search}`,
        headers: { host: url.host, ...options.headers },
        timeout: 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${options.method ?? 'GET'} ${url.pathname} timed out`)));
    req.on('error', reject);
    req.end(options.body);
  });
}
