import type { AppContext } from '../../context';
import type { Schedule } from '../../jobs/schedule';
import * as repo from './repo';
import { escapeHtml } from './service';

export const DIGEST_JOB = 'notifications.weekly-digest';
const DAY_MS = 24 * 3600 * 1000;
const BATCH = 200;
const TRACKS_LISTED = 5;

/** One weekly digest queued ahead (the scheduler in jobs/registry.ts keeps it so). */
export const digestSchedules: Schedule[] = [
  {
    type: DIGEST_JOB,
    name: 'weekly digest',
    next: (now) => {
      const runAt = nextDigestTime(now);
      return { runAt, payload: { week: runAt.toISOString().slice(0, 10) } };
    },
  },
];

/** The digest goes out on Mondays at 09:00 UTC: the next such moment after `from`. */
export function nextDigestTime(from: Date): Date {
  const d = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate(), 9));
  const daysToMonday = (8 - d.getUTCDay()) % 7;
  d.setUTCDate(d.getUTCDate() + daysToMonday);
  if (d <= from) d.setUTCDate(d.getUTCDate() + 7);
  return d;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function summaryLine(f: repo.DigestFigures): string | null {
  const parts = [
    f.new_track_count > 0 && plural(f.new_track_count, 'new track'),
    f.new_followers > 0 && plural(f.new_followers, 'new follower'),
    f.new_comments > 0 && plural(f.new_comments, 'new comment'),
    f.unread > 0 && plural(f.unread, 'unread notification'),
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : null;
}

/**
 * Sends this week's digest to every user with weeklyDigest on who has something to hear about
 * (an empty digest is not sent). A read notification row per user and week keeps a retried job
 * from mailing anyone twice.
 */
export async function sendWeeklyDigest(ctx: AppContext, week: string, now = new Date()): Promise<number> {
  const since = new Date(now.getTime() - 7 * DAY_MS);
  let after = '';
  let sent = 0;
  for (;;) {
    const batch = await repo.digestFigures(ctx.database, after, since, { batch: BATCH, tracksListed: TRACKS_LISTED });
    if (batch.length === 0) break;
    after = batch[batch.length - 1].id;
    for (const f of batch) {
      const line = summaryLine(f);
      if (!line) continue;
      const made = await repo.insertForUser(ctx.database, f.id, {
        type: 'weekly_digest',
        actorId: null,
        title: `Your weekly digest: ${line}`,
        link: '/dashboard/listener',
        dedupeKey: `digest:${week}`,
        read: true,
      });
      if (made.length === 0) continue;
      const base = ctx.config.PUBLIC_URL;
      const tracks = f.new_tracks.map((t) => ({
        label: `${t.title} by ${t.creator?.trim() || 'Unknown Creator'}`,
        url: new URL(`/audio/${t.id}`, base).toString(),
      }));
      const library = new URL('/dashboard/listener', base).toString();
      await ctx.mail.send({
        to: f.email,
        subject: 'Your weekly Wavecast digest',
        text: [
          `Hi ${f.display_name?.trim() || 'there'},`,
          '',
          `This week: ${line}.`,
          ...(tracks.length
            ? ['', 'New from creators you follow:', ...tracks.map((t) => `- ${t.label}: ${t.url}`)]
            : []),
          '',
          `Your library: ${library}`,
          '',
          'You can turn the weekly digest off in Settings → Notifications.',
        ].join('\n'),
        html: [
          `<p>Hi ${escapeHtml(f.display_name?.trim() || 'there')},</p>`,
          `<p>This week: ${escapeHtml(line)}.</p>`,
          tracks.length
            ? `<p>New from creators you follow:</p><ul>${tracks.map((t) => `<li><a href="${escapeHtml(t.url)}">${escapeHtml(t.label)}</a></li>`).join('')}</ul>`
            : '',
          `<p><a href="${escapeHtml(library)}">Open your library</a></p>`,
          '<p style="color:#888">You can turn the weekly digest off in Settings → Notifications.</p>',
        ].join(''),
      });
      sent++;
    }
  }
  return sent;
}
