/**
 * Preloaded (`node --import`) into the stand's Node processes that call the add-on by its name: resolves every
 * `*.localhost` name to loopback, as Chromium (and systemd-resolved, RFC 6761) do and glibc's resolver here does not.
 * The connection then carries the name (TLS SNI, the certificate's check, the Host header) as a real client's would.
 */
import dns, { type LookupAddress, type LookupOptions } from 'node:dns';

type Callback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

const lookup = dns.lookup.bind(dns) as (hostname: string, options: LookupOptions, callback: Callback) => void;

function loopbackLookup(hostname: string, options: LookupOptions | number | Callback, callback?: Callback): void {
  const done = (typeof options === 'function' ? options : callback) as Callback;
  const settings: LookupOptions =
    typeof options === 'function' ? {} : typeof options === 'number' ? { family: options } : options;
  if (!hostname.endsWith('.localhost')) return lookup(hostname, settings, done);
  if (settings.all) return done(null, [{ address: '127.0.0.1', family: 4 }]);
  return done(null, '127.0.0.1', 4);
}

(dns as { lookup: unknown }).lookup = loopbackLookup;
