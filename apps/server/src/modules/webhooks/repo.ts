import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

export async function insertEndpoint(db: Db, v: Omit<EndpointRow, 'id'>): Promise<EndpointRow> {
  const [row] = await db.insert(webhookEndpoints).values(v).returning();
  return row;
}

export async function countEndpoints(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId));
  return row?.n ?? 0;
}

export const listEndpoints = (db: Db, userId: string) =>
  db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, userId))
    .orderBy(desc(webhookEndpoints.createdAt));

export async function findEndpoint(db: Db, userId: string, id: string): Promise<EndpointRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)));
  return row;
}

export async function deleteEndpoint(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/** A delivery per endpoint of this user that wants the event; only new ones come back (every process offers them). */
export async function offerDeliveries(
  db: Db,
  v: { userId: string; event: string; eventKey: string; body: string; at: Date },
): Promise<DeliveryRow[]> {
  const endpoints = (await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, v.userId))).filter(
    (e) => e.events.includes(v.event),
  );
  if (endpoints.length === 0) return [];
  return db
    .insert(webhookDeliveries)
    .values(
      endpoints.map((e) => ({ endpointId: e.id, event: v.event, eventKey: v.eventKey, body: v.body, createdAt: v.at })),
    )
    .onConflictDoNothing()
    .returning();
}

export async function findDelivery(db: Db, id: string) {
  const [row] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, id));
  return row;
}

export async function recordAttempt(
  db: Db,
  v: { deliveryId: string; statusCode: number | null; error: string | null; at: Date; status: DeliveryRow['status'] },
): Promise<number> {
  return db.transaction(async (tx) => {
    const [{ n }] = await tx
      .select({ n: count() })
      .from(webhookAttempts)
      .where(eq(webhookAttempts.deliveryId, v.deliveryId));
    await tx.insert(webhookAttempts).values({
      deliveryId: v.deliveryId,
      attempt: n + 1,
      statusCode: v.statusCode,
      error: v.error,
      at: v.at,
    });
    await tx.update(webhookDeliveries).set({ status: v.status }).where(eq(webhookDeliveries.id, v.deliveryId));
    return n + 1;
  });
}

export async function setDeliveryStatus(db: Db, id: string, status: DeliveryRow['status']): Promise<void> {
  await db.update(webhookDeliveries).set({ status }).where(eq(webhookDeliveries.id, id));
}

/** An endpoint's latest deliveries with their attempts. */
export async function deliveryLog(db: Db, endpointId: string, limit = 50) {
  const deliveries = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt))
    .limit(limit);
  const ids = deliveries.map((d) => d.id);
  const attempts = ids.length
    ? await db
        .select()
        .from(webhookAttempts)
        .where(inArray(webhookAttempts.deliveryId, ids))
        .orderBy(asc(webhookAttempts.attempt))
    : [];
  return deliveries.map((d) => ({ delivery: d, attempts: attempts.filter((a) => a.deliveryId === d.id) }));
}
