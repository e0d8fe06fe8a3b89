import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from './config';
import { AppError } from './errors';

/** Whether a connection's peer is a proxy TRUST_PROXY trusts to say the caller's address. */
function trustedPeer(trustProxy: AppConfig['trustProxy']): (address: string) => boolean {
  if (trustProxy === false) return () => false;
  if (typeof trustProxy === 'function') return (address) => trustProxy(address, 0);
  const list = new net.BlockList();
  for (const entry of trustProxy.split(',').filter(Boolean)) {
    const [address, bits] = entry.split('/');
    const family = net.isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return (address) => {
    const plain = address.replace(/^::ffff:(?=\d+\.)/, '');
    return list.check(plain, net.isIP(plain) === 6 ? 'ipv6' : 'ipv4');
  };
}

/** Counts what each address holds open; `take` is false past `max`. */
function openCounter(max: number) {
  const open = new Map<string, number>();
  return {
    take(address: string) {
      const count = (open.get(address) ?? 0) + 1;
      if (count > max) return false;
      open.set(address, count);
      return true;
    },
    give(address: string) {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    },
  };
}

/**
 * Closes at once a connection from an address that already holds `max` open ones, so one caller cannot
 * use up the server's open files. Behind a trusted proxy (TRUST_PROXY) every connection is the proxy's, so
 * those are not capped: the requests under way from one forwarded address are, and one past `max` is
 * answered 503 at once.
 */
export function capConnectionsPerAddress(
  app: FastifyInstance,
  max: number,
  trustProxy: AppConfig['trustProxy'],
) {
  const fromProxy = trustedPeer(trustProxy);
  const sockets = openCounter(max);
  app.server.on('connection', (socket: net.Socket) => {
    const address = socket.remoteAddress ?? '';
    if (fromProxy(address)) return;
    if (!sockets.take(address)) {
      socket.destroy();
      return;
    }
    socket.once('close', () => sockets.give(address));
  });
  if (trustProxy === false) return;
  const requests = openCounter(max);
  app.addHook('onRequest', async (request, reply) => {
    if (!fromProxy(request.socket.remoteAddress ?? '')) return;
    const address = request.ip;
    if (!requests.take(address)) {
      reply.header('connection', 'close');
      throw new AppError(503, 'Too many requests under way from this address: try again in a moment.');
    }
    reply.raw.once('close', () => requests.give(address));
  });
}
