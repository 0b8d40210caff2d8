import { isUuid, LIVE_INGEST_CLOSE, type TLiveIngestMessage } from '@wavecast/shared';
import type { FastifyInstance } from 'fastify';
import type { RawData } from 'ws';
import type { SessionUser } from '../lib/session';
import { IngestTooFast, type Publisher } from '../relay/session';
import { WebmError } from '../relay/webm-demuxer';
import type { UserSockets } from './user-sockets';

/** The publisher's connection, as the gate talks to it. */
export interface PublisherLink {
  /** Sends the publisher a text frame. */
  tell(msg: TLiveIngestMessage): void;
  /** Closes the connection (the broadcast has ended). */
  close(code: number, reason: string): void;
}

/** Who may publish into a stream (the live module's ingest gate). */
export interface PublisherGate {
  /** Attaches a publisher, or answers a refusal as a WebSocket close code and reason. */
  open(
    user: SessionUser | null,
    id: string,
    link: PublisherLink,
  ): Promise<Publisher | { code: number; reason: string }>;
  /** The publisher's connection is gone. */
  gone(id: string): void;
}

const toBuffer = (data: RawData): Buffer =>
  Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);

/**
 * `/api/live/:id/ingest`: the publisher's WebSocket. Binary WebM chunks from MediaRecorder go to
 * the relay; text frames come back once on air, before the month's live allowance runs out, and
 * when the stream ends.
 */
export async function ingestSocket(app: FastifyInstance, opts: { gate: PublisherGate; users?: UserSockets }) {
  const { gate } = opts;
  const config = { access: 'user', unauthenticatedMessage: 'Sign in to go live' } as const;
  // Signed in and from our own origin (lib/guard.ts answers 4401 / 4403); the gate decides the rest.
  app.get('/api/live/:id/ingest', { websocket: true, config, schema: { hide: true } }, async (socket, req) => {
    const { id } = req.params as { id: string };
    opts.users?.add(req.user, socket);
    const refuse = (code: number, reason: string) => socket.close(code, reason);
    if (!isUuid(id)) return refuse(LIVE_INGEST_CLOSE.notFound, 'Stream not found');
    // Chunks that arrive while we check are kept, in order.
    const early: [RawData, boolean][] = [];
    const hold = (data: RawData, isBinary: boolean) => early.push([data, isBinary]);
    socket.on('message', hold);
    const tell = (msg: TLiveIngestMessage) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(msg));
    };
    const opened = await gate.open(req.user, id, { tell, close: refuse });
    socket.off('message', hold);
    if ('code' in opened) return refuse(opened.code, opened.reason);
    const publisher = opened;
    if (socket.readyState !== socket.OPEN) {
      publisher.detach();
      gate.gone(id);
      return;
    }
    const receive = (data: RawData, isBinary: boolean) => {
      const chunk = isBinary ? toBuffer(data) : null;
      try {
        if (!chunk || chunk.length === 0) throw new WebmError('Only binary WebM audio is accepted', true);
        publisher.push(chunk);
      } catch (e) {
        publisher.detach();
        socket.off('message', receive);
        if (e instanceof IngestTooFast) {
          refuse(LIVE_INGEST_CLOSE.tooFast, e.message);
        } else if (e instanceof WebmError) {
          refuse(e.notWebm ? LIVE_INGEST_CLOSE.notWebm : LIVE_INGEST_CLOSE.badStream, e.message.slice(0, 120));
        } else {
          req.log.error({ err: e }, 'live ingest failed');
          refuse(1011, 'Internal error');
        }
      }
    };
    socket.on('close', () => {
      publisher.detach();
      gate.gone(id);
    });
    for (const [data, isBinary] of early) receive(data, isBinary);
    socket.on('message', receive);
  });
}
