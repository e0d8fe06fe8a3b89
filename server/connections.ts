import type { Server } from 'node:http';

/**
 * Closes at once a connection from an address that already holds `max` open ones, so one caller cannot
 * use up the server's open files. Behind a proxy every connection is the proxy's: set the cap above what it
 * opens (HAProxy reuses its connections).
 */
export function capConnectionsPerAddress(server: Server, max: number) {
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
