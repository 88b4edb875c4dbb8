import type { FastifyRequest } from 'fastify';
import type { AffinityCall } from '../../channels/affinity/affinity-key.js';
import type { Caller } from '../admission/caller.js';

/** What the affinity rules may read of a relayed call: its model, path, headers, JSON body and caller (new-api's context fields). */
export function affinityCallOf(request: FastifyRequest, caller: Caller, model: string): AffinityCall {
  const query = request.url.indexOf('?');
  return {
    model,
    path: query === -1 ? request.url : request.url.slice(0, query),
    userAgent: request.headers['user-agent'] ?? '',
    header: (name) => {
      const value = request.headers[name.toLowerCase()];
      return Array.isArray(value) ? value[0] : value;
    },
    body: request.body,
    group: caller.group,
    context: { id: caller.user.id, token_id: caller.token.id, token_name: caller.token.name, username: caller.user.username, group: caller.group },
  };
}
