import { useQueryClient } from '@tanstack/react-query';
import type { TaskPushed } from '@tollgate/wire';
import type { Page } from '../api/page';
import { connectSocket, type LiveSocket } from './socket';
import { type LivePushState, useLivePush } from './use-live-push';

/** Replaces the row with the pushed one's id, wherever it is shown; other rows and pages stay as they are. */
export function patchRow<T extends { id: number }>(old: Page<T> | undefined, row: T): Page<T> | undefined {
  if (!old || !old.items.some((item) => item.id === row.id)) return old;
  return { ...old, items: old.items.map((item) => (item.id === row.id ? row : item)) };
}

/** The list row a platform's pushes carry. */
type TaskRowOf<Platform extends TaskPushed['platform']> = Extract<TaskPushed, { platform: Platform }>['row'];

/** Keeps every cached page under `queryKey` in step with the tasks of `platforms` the server pushes: progress moves without reload. */
export function useLiveTaskRows<Platform extends TaskPushed['platform']>(platforms: readonly Platform[], queryKey: string, connect: () => LiveSocket = connectSocket): LivePushState {
  const queryClient = useQueryClient();
  return useLivePush(
    'task',
    (pushed) => {
      if (!(platforms as readonly string[]).includes(pushed.platform)) return;
      // The platform was checked just above; TypeScript does not narrow a union by a generic's value.
      const row = pushed.row as TaskRowOf<Platform>;
      queryClient.setQueriesData<Page<TaskRowOf<Platform>>>({ queryKey: [queryKey] }, (old) => patchRow(old, row));
    },
    connect,
  );
}
