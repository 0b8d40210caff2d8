import { useQueryClient } from '@tanstack/react-query';
import type { RealtimeMessage } from '@wavecast/shared';
import { useEffect, useState } from 'react';
import { realtime } from '../../lib/socket';
import { toast } from '../../lib/toast';
import { notificationKeys, prependNotification } from './queries';

const ACK_WAIT_MS = 2500;
const MAX_RECONNECTS = 3;

/**
 * Keeps the bell live: new notifications arrive on the user's private topic. A socket opened
 * before sign-in cannot join that topic (the server refuses it without an answer), so when no
 * "subscribed" comes back the socket is reconnected with the session cookie. True once joined.
 */
export function useNotificationStream(userId: string | undefined): boolean {
  const qc = useQueryClient();
  const [live, setLive] = useState(false);
  useEffect(() => {
    setLive(false);
    if (!userId) return;
    const key = notificationKeys.list(userId);
    let acked = false;
    let seenAck = false;
    let tries = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const off = realtime.subscribe(`user:${userId}`, (msg: RealtimeMessage) => {
      if ((msg.event as string) === 'subscribed') {
        acked = true;
        setLive(true);
        // After a reconnect, fetch what may have arrived while the socket was away.
        if (seenAck) void qc.invalidateQueries({ queryKey: key });
        seenAck = true;
        return;
      }
      if (msg.event !== 'notification.created') return;
      const data = msg.data as RealtimeMessage<'notification.created'>['data'];
      qc.setQueryData(key, (old: Parameters<typeof prependNotification>[0]) =>
        prependNotification(old, data.notification),
      );
      if (data.push) toast(data.notification.title);
    });

    const check = () => {
      if (acked || tries >= MAX_RECONNECTS) return;
      tries++;
      realtime.reconnect();
      timer = setTimeout(check, ACK_WAIT_MS * 2);
    };
    timer = setTimeout(check, ACK_WAIT_MS);
    return () => {
      clearTimeout(timer);
      off();
    };
  }, [userId, qc]);
  return live;
}
