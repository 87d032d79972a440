import { execFile } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The stand's names: Chromium maps every *.localhost to loopback by itself (Node is told to, ./localhost-names.ts). */
export const ADDON_HOST = 'addon.localhost';
export const SERVICE_HOST = 'service.localhost';

export interface Certificates {
  /** The certificate authority's certificate (PEM file): what Node processes trust (NODE_EXTRA_CA_CERTS). */
  caFile: string;
  /** The server certificate (for both names) and its key, PEM files: what Caddy and the service's window serve. */
  certFile: string;
  keyFile: string;
  /** The server certificate's public key as Chromium names it: SHA-256 of its SPKI, base64. */
  spkiSha256: string;
}

async function openssl(dir: string, args: string[]): Promise<void> {
  try {
    await run('openssl', args, { cwd: dir });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? '';
    throw new Error(`openssl ${args[0]} failed: ${stderr || (error as Error).message}`);
  }
}

/**
 * A certificate authority made for this run only (its key never leaves `dir`) and one server certificate it signed
 * for the add-on's and the service's names. Nothing is installed anywhere: each client is told to trust it.
 */
export async function makeCertificates(dir: string): Promise<Certificates> {
  const caKey = path.join(dir, 'ca.key');
  const caFile = path.join(dir, 'ca.pem');
  const keyFile = path.join(dir, 'server.key');
  const csr = path.join(dir, 'server.csr');
  const certFile = path.join(dir, 'server.pem');
  const extensions = path.join(dir, 'server.ext');
  const rsa = ['-newkey', 'rsa:2048', '-nodes'];
  await openssl(dir, [
    'req',
    '-x509',
    ...rsa,
    '-keyout',
    caKey,
    '-out',
    caFile,
    '-days',
    '2',
    '-subj',
    '/CN=Deployment test CA',
  ]);
  await openssl(dir, ['req', ...rsa, '-keyout', keyFile, '-out', csr, '-subj', `/CN=${ADDON_HOST}`]);
  await writeFile(
    extensions,
    [
      'basicConstraints=CA:FALSE',
      'keyUsage=digitalSignature,keyEncipherment',
      'extendedKeyUsage=serverAuth',
      `subjectAltName=DNS:${ADDON_HOST},DNS:${SERVICE_HOST}`,
      '',
    ].join('\n'),
  );
  await openssl(dir, [
    'x509',
    '-req',
    '-in',
    csr,
    '-CA',
    caFile,
    '-CAkey',
    caKey,
    '-CAcreateserial',
    '-out',
    certFile,
    '-days',
    '2',
    '-sha256',
    '-extfile',
    extensions,
  ]);
  const spki = new X509Certificate(await readFile(certFile)).publicKey.export({ type: 'spki', format: 'der' });
  return { caFile, certFile, keyFile, spkiSha256: createHash('sha256').update(spki).digest('base64') };
}
