import type { Locks } from '../features/exam/model/exam-session';

/** Web Locks as a browser keeps them for one origin: exclusive, granted in turn, a wait given up on abort. */
export function lockManager(): Locks & Pick<LockManager, 'query'> & { held: Set<string> } {
  const held = new Set<string>();
  const queues = new Map<string, (() => void)[]>();
  const request: Locks['request'] = (name, options, callback) =>
    new Promise<void>((resolve, reject) => {
      const grant = () => {
        held.add(name);
        void callback({ name, mode: 'exclusive' } as Lock).then(() => {
          held.delete(name);
          queues.get(name)?.shift()?.();
          resolve();
        });
      };
      if (!held.has(name)) {
        grant();
        return;
      }
      const queue = queues.get(name) ?? [];
      queues.set(name, queue);
      queue.push(grant);
      options.signal?.addEventListener('abort', () => {
        queue.splice(queue.indexOf(grant), 1);
        reject(new DOMException('The request was aborted', 'AbortError'));
      });
    });
  const query = async (): Promise<LockManagerSnapshot> => ({ held: [...held].map((name) => ({ name, mode: 'exclusive' as const })), pending: [] });
  return { held, request, query };
}
