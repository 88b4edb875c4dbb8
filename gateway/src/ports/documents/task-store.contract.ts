import { describe, expect, it, onTestFinished } from 'vitest';
import type { StoreFactory } from './store-fixture.js';
import { type NewTask, TaskPlatform, type TaskStore } from './task-store.js';

export const newTask = (taskId: string, fields: Partial<NewTask> = {}): NewTask => ({
  platform: TaskPlatform.Midjourney, taskId, userId: 7, tokenId: 3, channelId: 2, action: 'IMAGINE', code: 1,
  status: 'NOT_START', progress: '0%', prompt: 'a cat', promptEn: '', description: '', imageUrl: '', failReason: '',
  quota: 50_000, data: '{}', submitTime: 1_700_000_000_000, startTime: 0, finishTime: 0, keyIndex: 0, ...fields,
});

/** Every TaskStore adapter (SQLite, MongoDB) must pass this suite. */
export function runTaskStoreContract(name: string, factory: StoreFactory<TaskStore>): void {
  describe(`TaskStore contract: ${name}`, () => {
    async function open(): Promise<TaskStore> {
      const fixture = await factory();
      onTestFinished(() => fixture.close());
      return fixture.store;
    }

    it('finds a created task by its platform and upstream id', async () => {
      const store = await open();
      const created = await store.create(newTask('mj-1'));
      expect(created).toEqual({ id: created.id, ...newTask('mj-1') });
      expect(await store.byTaskId(TaskPlatform.Midjourney, 'mj-1')).toEqual(created);
      expect(await store.byTaskId(TaskPlatform.Suno, 'mj-1')).toBeNull();
    });

    it("keeps which of a multi-key channel's keys took the submit", async () => {
      const store = await open();
      await store.create(newTask('k-1', { platform: TaskPlatform.Sora, keyIndex: 1 }));
      expect((await store.byTaskId(TaskPlatform.Sora, 'k-1'))?.keyIndex).toBe(1);
    });

    it("lists by ids, only the user's own when a user is given", async () => {
      const store = await open();
      await store.create(newTask('a'));
      await store.create(newTask('b', { userId: 8 }));
      await store.create(newTask('c'));
      expect((await store.byTaskIds(TaskPlatform.Midjourney, ['a', 'b', 'c', 'x'])).map((t) => t.taskId)).toEqual(['a', 'b', 'c']);
      expect((await store.byTaskIds(TaskPlatform.Midjourney, ['a', 'b'], 7)).map((t) => t.taskId)).toEqual(['a']);
    });

    it('advances a task only from the status it was read in, once under concurrent pollers', async () => {
      const store = await open();
      const task = await store.create(newTask('d', { status: 'IN_PROGRESS' }));
      const results = await Promise.all(Array.from({ length: 6 }, () => store.advance(task.id, 'IN_PROGRESS', { status: 'FAILURE', failReason: 'banned', finishTime: 5 })));
      const winners = results.filter((r) => r !== null);
      expect(winners).toHaveLength(1);
      expect(winners[0]).toMatchObject({ status: 'FAILURE', failReason: 'banned', finishTime: 5, quota: 50_000 });
      expect(await store.advance(task.id, 'IN_PROGRESS', { status: 'SUCCESS' })).toBeNull();
    });

    it('returns unfinished tasks of every platform, oldest first', async () => {
      const store = await open();
      await store.create(newTask('e', { status: 'SUCCESS' }));
      await store.create(newTask('f', { status: 'SUBMITTED' }));
      await store.create(newTask('g', { status: 'FAILURE' }));
      await store.create(newTask('h', { platform: TaskPlatform.Suno, status: '' }));
      expect((await store.unfinished(10)).map((t) => t.taskId)).toEqual(['f', 'h']);
      expect((await store.unfinished(1)).map((t) => t.taskId)).toEqual(['f']);
    });

    it('pages a filtered list newest first with the total', async () => {
      const store = await open();
      await store.create(newTask('p1', { submitTime: 1000 }));
      await store.create(newTask('p2', { submitTime: 2000, channelId: 9 }));
      await store.create(newTask('p3', { submitTime: 3000 }));
      await store.create(newTask('p4', { submitTime: 4000, userId: 8 }));
      await store.create(newTask('s1', { submitTime: 3000, platform: TaskPlatform.Suno }));
      const mine = await store.list({ platform: TaskPlatform.Midjourney, userId: 7 }, { offset: 0, limit: 2 });
      expect(mine.total).toBe(3);
      expect(mine.items.map((t) => t.taskId)).toEqual(['p3', 'p2']);
      expect((await store.list({ platform: TaskPlatform.Midjourney, channelId: 9 }, { offset: 0, limit: 10 })).items.map((t) => t.taskId)).toEqual(['p2']);
      expect((await store.list({ platform: TaskPlatform.Midjourney, taskId: 'p4' }, { offset: 0, limit: 10 })).items.map((t) => t.taskId)).toEqual(['p4']);
      const window = await store.list({ platform: TaskPlatform.Midjourney, submittedFrom: 2000, submittedTo: 3000 }, { offset: 0, limit: 10 });
      expect(window.items.map((t) => t.taskId)).toEqual(['p3', 'p2']);
      expect((await store.list({ platform: TaskPlatform.Suno }, { offset: 0, limit: 10 })).total).toBe(1);
    });

    it('finds and lists across several platforms: a video task is looked up by id whatever its provider', async () => {
      const store = await open();
      await store.create(newTask('k1', { platform: TaskPlatform.Kling }));
      await store.create(newTask('v1', { platform: TaskPlatform.Sora, userId: 8 }));
      await store.create(newTask('m1'));
      const videos = [TaskPlatform.Kling, TaskPlatform.Sora];
      expect((await store.byTaskId(videos, 'v1'))?.platform).toBe(TaskPlatform.Sora);
      expect(await store.byTaskId(videos, 'm1')).toBeNull();
      expect((await store.byTaskIds(videos, ['k1', 'v1', 'm1'], 7)).map((t) => t.taskId)).toEqual(['k1']);
      expect((await store.list({ platform: videos }, { offset: 0, limit: 10 })).items.map((t) => t.taskId)).toEqual(['v1', 'k1']);
    });
  });
}
