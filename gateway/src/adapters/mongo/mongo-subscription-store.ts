import type { SubscriptionPlan, UserSubscription } from '@tollgate/wire';
import { type Connection, Schema } from 'mongoose';
import type { NewUserSubscription, SubscriptionStore } from '../../ports/documents/subscription-store.js';
import { Claims } from './claims.js';
import { NumberedCollection } from './numbered-collection.js';

const DUPLICATE_KEY = 11000;

/** Each document keeps what queries filter and sort on as fields, the rest as `body`, as the SQLite rows do. */
interface PlanDoc {
  id: number;
  enabled: boolean;
  sort_order: number;
  body: Omit<SubscriptionPlan, 'id'>;
}
interface SubscriptionDoc {
  id: number;
  user_id: number;
  plan_id: number;
  status: UserSubscription['status'];
  end_time: number;
  body: Omit<UserSubscription, 'id' | 'status'>;
}

const plan = (doc: PlanDoc | null): SubscriptionPlan | null => doc && { ...doc.body, id: doc.id };
const subscription = (doc: SubscriptionDoc | null): UserSubscription | null => doc && { ...doc.body, id: doc.id, status: doc.status };
const planDoc = ({ id: _id, ...body }: SubscriptionPlan) => ({ enabled: body.enabled, sort_order: body.sort_order, body });

/**
 * Plans and user subscriptions in MongoDB. Ending a subscription claims it first (a unique insert):
 * a conditional update alone let three concurrent ends all match on FerretDB, whose update is a
 * read then a write.
 */
export async function createMongoSubscriptionStore(connection: Connection): Promise<SubscriptionStore> {
  const plans = new NumberedCollection<PlanDoc>(connection, 'subscription_plans', { enabled: Boolean, sort_order: Number, body: Schema.Types.Mixed });
  const subs = new NumberedCollection<SubscriptionDoc>(connection, 'user_subscriptions', { user_id: Number, plan_id: Number, status: String, end_time: Number, body: Schema.Types.Mixed }, [
    { fields: { user_id: 1, end_time: -1 } },
  ]);
  await Promise.all([plans.ready(), subs.ready()]);
  const claims = new Claims(connection);
  const starts = connection.collection<{ _id: string; subscriptionId: number }>('subscription_starts');
  const planById = async (id: number) => plan(await plans.findOne({ _id: id }));
  const create = async (fields: NewUserSubscription, now: number, once?: string): Promise<UserSubscription> => {
    const body = { ...fields, created_at: now, updated_at: now };
    const doc = { user_id: fields.user_id, plan_id: fields.plan_id, status: 'active' as const, end_time: fields.end_time, body };
    if (once === undefined) return { ...body, id: (await subs.insert(doc)).id, status: 'active' };
    // The key names its subscription's id before the subscription exists (a unique _id: one number
    // wins), and any caller inserts under that id, which only the first does: a start that died
    // in between is finished by the next caller, never begun twice.
    const candidate = await subs.nextId();
    await starts.insertOne({ _id: once, subscriptionId: candidate }).catch((error: unknown) => {
      if ((error as { code?: number }).code !== DUPLICATE_KEY) throw error;
    });
    const started = await starts.findOne({ _id: once });
    if (!started) throw new Error(`the start ${once} vanished`);
    await subs.restore({ id: started.subscriptionId, ...doc });
    return subscription(await subs.findOne({ _id: started.subscriptionId })) as UserSubscription;
  };
  return {
    async createPlan(fields, now) {
      const body = { ...fields, created_at: now, updated_at: now };
      const created = await plans.insert({ enabled: fields.enabled, sort_order: fields.sort_order, body });
      return { ...body, id: created.id };
    },
    async updatePlan(id, fields, now) {
      const current = await planById(id);
      if (!current) return null;
      const updated = { id, ...fields, created_at: current.created_at, updated_at: now };
      await plans.update(id, planDoc(updated));
      return updated;
    },
    async setPlanEnabled(id, enabled, now) {
      const current = await planById(id);
      if (!current) return false;
      await plans.update(id, planDoc({ ...current, enabled, updated_at: now }));
      return true;
    },
    planById,
    restorePlan: (p) => plans.restore({ id: p.id, ...planDoc(p) }),
    async listPlans({ enabledOnly }) {
      const all = await plans.all({ sort_order: -1, _id: -1 });
      return all.filter((doc) => !enabledOnly || doc.enabled).map((doc) => plan(doc) as SubscriptionPlan);
    },
    create,
    async createWithin(fields, now, limit) {
      // The n-th purchase of a plan claims its slot n (a unique _id): two at once draw the same n,
      // one wins and the other moves on, so no more than `limit` slots are ever taken. A start
      // that died after its claim leaves its slot taken: a purchase lost, never one too many.
      for (let n = await subs.count({ user_id: fields.user_id, plan_id: fields.plan_id }); n < limit; n++) {
        if (await claims.claim(`subscription-slot:${fields.user_id}:${fields.plan_id}:${n}`)) return create(fields, now);
      }
      return null;
    },
    byId: async (id) => subscription(await subs.findOne({ _id: id })),
    restore: ({ id, status, ...body }) => subs.restore({ id, user_id: body.user_id, plan_id: body.plan_id, status, end_time: body.end_time, body }),
    async listByUser(userId) {
      const { items } = await subs.page({ user_id: userId }, { end_time: -1, _id: -1 }, 0, 10_000);
      return items.map((doc) => subscription(doc) as UserSubscription);
    },
    async end(id, status, now) {
      const sub = await subs.findOne({ _id: id });
      if (sub?.status !== 'active' || !(await claims.claim(`subscription-end:${id}`))) return false;
      return subs.updateIf(id, { status: 'active' }, { $set: { status, 'body.updated_at': now } });
    },
    countByUserPlan: (userId, planId) => subs.count({ user_id: userId, plan_id: planId }),
  };
}
