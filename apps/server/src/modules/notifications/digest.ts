import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { prefOn } from './prefs';
import * as repo from './repo';
import { escapeHtml } from './service';

export const DIGEST_JOB = 'notifications.weekly-digest';
const DAY_MS = 24 * 3600 * 1000;
const BATCH = 200;
const TRACKS_LISTED = 5;

/** The digest goes out on Mondays at 09:00 UTC: the next such moment after `from`. */
export function nextDigestTime(from: Date): Date {
  const d = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate(), 9));
  const daysToMonday = (8 - d.getUTCDay()) % 7;
  d.setUTCDate(d.getUTCDate() + daysToMonday);
  if (d <= from) d.setUTCDate(d.getUTCDate() + 7);
  return d;
}

/**
 * Makes sure exactly one future digest job is queued (an advisory lock keeps two processes from
 * both adding one). Called at start and by the digest job itself for the next week.
 */
export async function ensureDigestScheduled(ctx: AppContext, runAt = nextDigestTime(new Date())): Promise<void> {
  await ctx.database.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${DIGEST_JOB}))`);
    const queued = (await tx.execute(
      sql`SELECT 1 FROM jobs WHERE type = ${DIGEST_JOB} AND status = 'queued' LIMIT 1`,
    )) as unknown as {
      rows: unknown[];
    };
    if (queued.rows.length > 0) return;
    const payload = JSON.stringify({ week: runAt.toISOString().slice(0, 10) });
    await tx.execute(
      sql`INSERT INTO jobs (type, payload, run_at) VALUES (${DIGEST_JOB}, ${payload}::jsonb, ${runAt.toISOString()}::timestamptz)`,
    );
  });
}

interface DigestFigures {
  id: string;
  email: string;
  display_name: string | null;
  new_followers: number;
  new_comments: number;
  unread: number;
  new_track_count: number;
  new_tracks: { id: string; title: string; creator: string | null }[];
}

/** The week's figures for a batch of users who want the digest, after `afterId`. */
async function figures(ctx: AppContext, afterId: string, since: Date): Promise<DigestFigures[]> {
  return ctx.database.query<DigestFigures>(
    `WITH batch AS (
       SELECT u.id, u.email, u.display_name FROM users u
       WHERE ${prefOn('weeklyDigest')} AND u.id > $1 ORDER BY u.id LIMIT ${BATCH}
     )
     SELECT b.id, b.email, b.display_name,
       (SELECT count(*)::int FROM follows f WHERE f.following_id = b.id AND f.created_at >= $2) AS new_followers,
       (SELECT count(*)::int FROM comments c JOIN audio_content a ON a.id = c.audio_id
          WHERE a.user_id = b.id AND c.user_id IS DISTINCT FROM b.id AND c.created_at >= $2) AS new_comments,
       (SELECT count(*)::int FROM notifications n WHERE n.user_id = b.id AND NOT n.read) AS unread,
       (SELECT count(*)::int FROM audio_content a JOIN follows f ON f.following_id = a.user_id AND f.follower_id = b.id
          WHERE a.is_public AND a.status = 'ready' AND a.created_at >= $2) AS new_track_count,
       (SELECT coalesce(json_agg(t), '[]'::json) FROM (
          SELECT a.id, a.title, cu.display_name AS creator FROM audio_content a
          JOIN follows f ON f.following_id = a.user_id AND f.follower_id = b.id
          JOIN users cu ON cu.id = a.user_id
          WHERE a.is_public AND a.status = 'ready' AND a.created_at >= $2
          ORDER BY a.created_at DESC LIMIT ${TRACKS_LISTED}) t) AS new_tracks
     FROM batch b ORDER BY b.id`,
    [afterId, since.toISOString()],
  );
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function summaryLine(f: DigestFigures): string | null {
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
    const batch = await figures(ctx, after, since);
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
