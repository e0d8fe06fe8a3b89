import net from 'node:net';
import type { Hl7Message } from '@medplum/core';
import { Hl7Connection } from '@medplum/hl7';

/**
 * The inbound HL7 v2 listener: a TCP server on the configured host and port whose connections are the
 * library's (@medplum/hl7 `Hl7Connection` frames MLLP and parses with @medplum/core). Its own `Hl7Server`
 * listens on every interface, so the socket is ours to bind to loopback in local mode.
 */

/** Bytes a connection may send without completing a message; past it the connection is closed. */
const MAX_MESSAGE_BYTES = 512 * 1024;
/** A connection silent this long is closed (interface engines reconnect). */
const IDLE_MS = 5 * 60_000;

export type MllpListener = { port: number; close(): Promise<void> };

export async function startMllpListener(options: {
  host: string;
  port: number;
  receive: (message: Hl7Message) => Promise<Hl7Message>;
  onError: (error: unknown) => void;
}): Promise<MllpListener> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setTimeout(IDLE_MS, () => socket.destroy());
    // Counted before the connection buffers it: an endless or oversized frame ends the connection.
    let unframed = 0;
    socket.on('data', (chunk) => {
      unframed += chunk.length;
      if (unframed > MAX_MESSAGE_BYTES) socket.destroy();
    });
    const connection = new Hl7Connection(socket);
    // One message at a time per connection: ACKs go back in the order the messages came.
    let queue = Promise.resolve();
    connection.addEventListener('message', (event) => {
      unframed = 0;
      queue = queue
        .then(() => options.receive(event.message))
        .then((ack) => {
          if (!socket.destroyed) connection.send(ack);
        })
        .catch((error: unknown) => {
          options.onError(error);
          socket.destroy();
        });
    });
    // Bytes that are not HL7 (no MSH) cannot be acknowledged: the connection is closed.
    connection.addEventListener('error', () => socket.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    port: (server.address() as net.AddressInfo).port,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
