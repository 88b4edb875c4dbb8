import { io, type Socket } from 'socket.io-client';

/** A console's Socket.IO connection on its session cookie; resolves once connected, rejects on refusal. */
export async function connectLive(url: string, cookie: string): Promise<Socket> {
  const socket = io(url, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie } });
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', resolve);
    socket.on('connect_error', reject);
  });
  return socket;
}
